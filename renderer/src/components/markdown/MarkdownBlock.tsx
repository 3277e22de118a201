import { memo, useEffect } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { FINISHED_MARKDOWN_COMPONENTS, MARKDOWN_COMPONENTS } from './markdown-components';
import { HAS_MATH, loadMath, mathPlugins, useMathReady } from './shared-math';
import { typesetPass, useTypesetTicket } from './math/math-budget';
import { rehypeHighlightCode } from './rehype-highlight-code';
import { loadHighlighter, useHighlighterReady } from './shared-highlighter';
import { markdownUrlTransform } from './url-policy';

type PluggableList = NonNullable<Options['rehypePlugins']>;

const REMARK_PLUGINS: PluggableList = [remarkGfm];
/** Highlighting only names languages it knows; it never guesses (a guess can change as text grows). */
const REHYPE_COMPLETE: PluggableList = [rehypeHighlightCode];
const REHYPE_GROWING: PluggableList = [];
/** A fenced code block that names a language: the only thing the highlighter is loaded for. */
const FENCE_WITH_LANGUAGE = /^ {0,3}(`{3,}|~{3,})[ \t]*[\w+#.-]/m;

interface Props {
  text: string;
  /** The block is finished: highlight its code. The growing tail is not highlighted yet. */
  complete: boolean;
}

/**
 * One block of markdown. Raw HTML never becomes markup (react-markdown shows it as text; there is
 * no rehype-raw), every URL passes the policy, and a finished block is never parsed again. A
 * finished block draws ```mermaid fences and typesets `$$…$$` (both loaded on first use).
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text, complete }: Props) {
  const wantsHighlight = complete && FENCE_WITH_LANGUAGE.test(text);
  const wantsMath = complete && HAS_MATH.test(text);
  // Read so that a block with code or maths renders again once the highlighter or KaTeX arrives.
  const highlighterReady = useHighlighterReady();
  const mathReady = useMathReady();
  useEffect(() => {
    if (wantsHighlight && !highlighterReady) void loadHighlighter();
    if (wantsMath && !mathReady) void loadMath();
  }, [wantsHighlight, highlighterReady, wantsMath, mathReady]);
  const math = wantsMath && mathReady ? mathPlugins() : null;
  const rehype = wantsHighlight && highlighterReady ? REHYPE_COMPLETE : REHYPE_GROWING;
  // Called as a function (react-markdown's sync Markdown has no hooks) so that this render knows
  // whether it left formulas for a later typesetting slice; if so the block renders again on its turn.
  const { ticket } = useTypesetTicket();
  const { result } = typesetPass(
    () =>
      ReactMarkdown({
        remarkPlugins: math ? [...REMARK_PLUGINS, ...math.MATH_REMARK] : REMARK_PLUGINS,
        rehypePlugins: math ? [...math.MATH_REHYPE, ...rehype] : rehype,
        components: complete ? FINISHED_MARKDOWN_COMPONENTS : MARKDOWN_COMPONENTS,
        urlTransform: markdownUrlTransform,
        children: text,
      }),
    ticket,
  );
  return result;
});
