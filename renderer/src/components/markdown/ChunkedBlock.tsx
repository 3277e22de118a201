import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { MARKDOWN_COMPONENTS } from './markdown-components';
import { MarkdownBlock } from './MarkdownBlock';
import { createParagraphChunker, isPlainText, plainParagraph } from './paragraph-chunks';
import { rehypeCitations } from './rehype-citations';
import { markdownUrlTransform } from './links/url-policy';
import { HAS_MATH, wantsWorker } from './worker/block-protocol';
import { WorkerBlock } from './WorkerBlock';
import { DEFAULTS } from '../../../../shared/constants';

type PluggableList = NonNullable<Options['remarkPlugins']>;

const REMARK_PLUGINS: PluggableList = [remarkGfm];
const REHYPE_PLUGINS: PluggableList = [rehypeCitations];
/** A piece is the inside of the one paragraph ChunkedBlock draws itself. */
const PIECE_COMPONENTS: Components = { ...MARKDOWN_COMPONENTS, p: ({ children }: { children?: ReactNode }) => children };

/** One piece of the paragraph: text with no markdown in it as it is, anything else parsed (once, while it stays the same). */
const Piece = memo(function Piece({ text }: { text: string }) {
  if (isPlainText(text)) return text;
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={REHYPE_PLUGINS}
      components={PIECE_COMPONENTS}
      urlTransform={markdownUrlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});

interface Props {
  text: string;
  /** The block is finished (see MarkdownBlock). */
  complete: boolean;
}

/**
 * One block of an answer. A line of paragraph text with no markdown in it is shown without being
 * parsed. When it is one long line of paragraph text (as the growing last block
 * of a streaming answer often is), its closed pieces (`paragraph-chunks.ts`) are parsed once each,
 * only the open end again on every batch, and nothing again when the block or the answer is
 * finished. Any other block is a MarkdownBlock, or, once finished, when it is long or has maths,
 * a WorkerBlock (parsed off the main thread). The HTML is the same either way.
 */
export const ChunkedBlock = memo(function ChunkedBlock({ text, complete }: Props) {
  const [chunker] = useState(createParagraphChunker);
  // Streamed here: while the worker renders the finished block, it keeps its streamed look.
  const grew = useRef(false);
  const plain = useMemo(() => plainParagraph(text), [text]);
  const chunks = useMemo(() => (plain === null ? chunker(text) : null), [chunker, plain, text]);
  if (plain !== null) return <p>{plain}</p>;
  // Maths is typeset only in the worker, so a finished paragraph with `$$` goes there even when it was cut.
  if (complete && chunks && HAS_MATH.test(text)) return <WorkerBlock text={text} grew />;
  if (!chunks) {
    if (!complete) grew.current = true;
    if (complete && wantsWorker(text, DEFAULTS.rendererMarkdown.workerMinChars)) return <WorkerBlock text={text} grew={grew.current} />;
    return <MarkdownBlock text={text} complete={complete} />;
  }
  return (
    <p>
      {chunks.closed.map((piece, index) => (
        <PieceWithGap key={index} text={piece} gap={chunks.gaps[index] ?? ''} />
      ))}
      <Piece text={chunks.tail.replace(TRAILING_SPACE, '')} />
    </p>
  );
});

/** A paragraph's trailing spaces are not part of it. */
const TRAILING_SPACE = /[ \t]+$/;

function PieceWithGap({ text, gap }: { text: string; gap: string }) {
  return (
    <>
      <Piece text={text} />
      {gap}
    </>
  );
}
