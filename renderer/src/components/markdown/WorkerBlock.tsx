import { memo, useCallback, useEffect, useSyncExternalStore } from 'react';
import { FINISHED_MARKDOWN_COMPONENTS } from './markdown-components';
import { MarkdownBlock } from './MarkdownBlock';
import { FENCE_WITH_LANGUAGE, HAS_MATH } from './worker/block-protocol';
import { blockRenderer } from './worker/shared-block-renderer';
import { treeToElements } from './worker/tree-to-elements';

/** KaTeX's stylesheet and fonts, loaded with the first block that has maths. */
let mathStyle: Promise<unknown> | null = null;

/**
 * A finished block that is costly to parse or typeset (long, or with `$$…$$`): parsed, typeset
 * and highlighted in the markdown worker (`worker/`), so the window only turns the result into
 * elements. Until the worker answers the block shows its text as it is (marked pending) — or, if
 * it was streamed, as it looked while streaming; if the worker fails or runs out of time, it stays
 * text with the reason.
 */
export const WorkerBlock = memo(function WorkerBlock({ text, grew }: { text: string; grew: boolean }) {
  const flags = { math: HAS_MATH.test(text), highlight: FENCE_WITH_LANGUAGE.test(text) };
  const key = blockRenderer.keyOf(text, flags);
  const subscribe = useCallback((listener: () => void) => blockRenderer.subscribe(key, listener), [key]);
  const state = useSyncExternalStore(
    subscribe,
    () => blockRenderer.request(text, flags),
    () => blockRenderer.request(text, flags),
  );
  useEffect(() => {
    if (flags.math) mathStyle ??= import('./math-style');
  }, [flags.math]);
  if (state.type === 'tree') return treeToElements(state.tree, FINISHED_MARKDOWN_COMPONENTS);
  // Just finished streaming: it keeps the look it had (parsed here, as on every batch before) for the moment the worker takes.
  if (state.type === 'pending' && grew) return <MarkdownBlock text={text} complete={false} />;
  return (
    <div
      className="md-block-text"
      data-testid="markdown-block-text"
      data-state={state.type === 'pending' ? 'pending' : 'failed'}
      title={state.type === 'failed' ? state.message : undefined}
    >
      {text.replace(/^\n+/, '')}
    </div>
  );
});
