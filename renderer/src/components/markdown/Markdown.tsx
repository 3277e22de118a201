import { useMemo } from 'react';
import { splitBlocks } from './markdown-blocks';
import { MarkdownBlock } from './MarkdownBlock';

interface Props {
  text: string;
  /** Text is still arriving: the last block is growing (re-parsed, not yet highlighted). */
  streaming: boolean;
}

/**
 * Model output as GitHub-flavoured markdown, safely. The text is split into blocks; finished
 * blocks are memoized, so while an answer streams only its growing tail is parsed again.
 */
export function Markdown({ text, streaming }: Props) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="markdown" data-testid="markdown">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} complete={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  );
}
