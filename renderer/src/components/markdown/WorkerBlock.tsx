import type { Root } from 'hast';
import { memo, useCallback, useEffect, useSyncExternalStore } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { frameBudget } from './frame-budget/shared-frame-budget';
import { treeCost } from './frame-budget/tree-cost';
import { useFrameTurn } from './frame-budget/use-frame-turn';
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
 * elements — within the frame budget (`frame-budget/`), so a screenful of formulas is added a
 * frame's worth at a time. Until then the block shows its text as it is (marked pending) — or, if
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
  if (state.type === 'tree') return <TreeInItsFrame key={key} tree={state.tree} text={text} grew={grew} />;
  return <BlockText text={text} grew={grew} failure={state.type === 'failed' ? state.message : null} />;
});

/** The worker's tree, once the frame budget gives it a turn; the waiting look until then. */
function TreeInItsFrame({ tree, text, grew }: { tree: Root; text: string; grew: boolean }) {
  const turn = useFrameTurn(frameBudget, treeCost(tree));
  if (turn) return treeToElements(tree, FINISHED_MARKDOWN_COMPONENTS);
  return <BlockText text={text} grew={grew} failure={null} />;
}

/** A waiting block's text, cut short: only a placeholder until its elements come (a failed block shows all of it). */
function preview(text: string): string {
  const trimmed = text.replace(/^\n+/, '');
  const limit = DEFAULTS.rendererMarkdown.pendingPreviewChars;
  return trimmed.length > limit ? `${trimmed.slice(0, limit)}…` : trimmed;
}

/** The block before its elements: its streamed look (it just finished streaming), its text, or its text with the reason it stays so. */
function BlockText({ text, grew, failure }: { text: string; grew: boolean; failure: string | null }) {
  // Just finished streaming: it keeps the look it had (parsed here, as on every batch before) for the moment the worker takes.
  // Marked as waiting (a box that lays out as nothing), so tests and the bench can tell it from the finished block.
  if (failure === null && grew) {
    return (
      <div className="md-block-waiting" data-state="pending">
        <MarkdownBlock text={text} complete={false} />
      </div>
    );
  }
  return (
    <div
      className="md-block-text"
      data-testid="markdown-block-text"
      data-state={failure === null ? 'pending' : 'failed'}
      title={failure ?? undefined}
    >
      {failure === null ? preview(text) : text.replace(/^\n+/, '')}
    </div>
  );
}
