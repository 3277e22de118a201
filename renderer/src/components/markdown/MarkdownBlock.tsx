import { memo, useEffect } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { FINISHED_MARKDOWN_COMPONENTS, MARKDOWN_COMPONENTS } from './markdown-components';
import { rehypeCitations } from './rehype-citations';
import { rehypeHighlightCode } from './code/rehype-highlight-code';
import { loadHighlighter, useHighlighterReady } from './code/shared-highlighter';
import { markdownUrlTransform } from './links/url-policy';
import { FENCE_WITH_LANGUAGE } from './worker/block-protocol';

type PluggableList = NonNullable<Options['rehypePlugins']>;

const REMARK_PLUGINS: PluggableList = [remarkGfm];
/** Highlighting only names languages it knows; it never guesses (a guess can change as text grows). */
const REHYPE_COMPLETE: PluggableList = [rehypeHighlightCode, rehypeCitations];
const REHYPE_GROWING: PluggableList = [rehypeCitations];

interface Props {
  text: string;
  /** The block is finished: highlight its code. The growing tail is not highlighted yet. */
  complete: boolean;
}

/**
 * One short block of markdown, parsed in the window (long blocks and blocks with maths go to the
 * markdown worker: WorkerBlock). Raw HTML never becomes markup (react-markdown shows it as text;
 * there is no rehype-raw), every URL passes the policy, and a finished block is never parsed
 * again. A finished block draws ```mermaid fences (loaded on first use).
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text, complete }: Props) {
  const wantsHighlight = complete && FENCE_WITH_LANGUAGE.test(text);
  // Read so that a block with code renders again once the highlighter arrives.
  const highlighterReady = useHighlighterReady();
  useEffect(() => {
    if (wantsHighlight && !highlighterReady) void loadHighlighter();
  }, [wantsHighlight, highlighterReady]);
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={wantsHighlight && highlighterReady ? REHYPE_COMPLETE : REHYPE_GROWING}
      components={complete ? FINISHED_MARKDOWN_COMPONENTS : MARKDOWN_COMPONENTS}
      urlTransform={markdownUrlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});
