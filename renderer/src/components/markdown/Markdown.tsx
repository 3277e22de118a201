import { useMemo } from 'react';
import { ChunkedBlock } from './ChunkedBlock';
import { splitBlocks } from './markdown-blocks';

interface Props {
  text: string;
  /** Text is still arriving: the last block is growing (re-parsed, not yet highlighted). */
  streaming: boolean;
}

/**
 * Model output as GitHub-flavoured markdown, safely. The text is split into blocks; finished
 * blocks are memoized, so while an answer streams only its growing tail is parsed again (and of a
 * long growing paragraph, only its open end: ChunkedBlock).
 */
export function Markdown({ text, streaming }: Props) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="markdown" data-testid="markdown">
      {blocks.map((block, index) => (
        <ChunkedBlock key={index} text={block} complete={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  );
}
