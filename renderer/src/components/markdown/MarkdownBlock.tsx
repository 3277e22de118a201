import { memo } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { MARKDOWN_COMPONENTS } from './markdown-components';
import { markdownUrlTransform } from './url-policy';

type PluggableList = NonNullable<Options['rehypePlugins']>;

const REMARK_PLUGINS: PluggableList = [remarkGfm];
/** Highlighting only names languages it knows; it never guesses (a guess can change as text grows). */
const REHYPE_COMPLETE: PluggableList = [[rehypeHighlight, { detect: false }]];
const REHYPE_GROWING: PluggableList = [];

interface Props {
  text: string;
  /** The block is finished: highlight its code. The growing tail is not highlighted yet. */
  complete: boolean;
}

/**
 * One block of markdown. Raw HTML never becomes markup (react-markdown shows it as text; there is
 * no rehype-raw), every URL passes the policy, and a finished block is never parsed again.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text, complete }: Props) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={complete ? REHYPE_COMPLETE : REHYPE_GROWING}
      components={MARKDOWN_COMPONENTS}
      urlTransform={markdownUrlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});
