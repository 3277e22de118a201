import { describe, expect, it } from 'vitest';
import { chunkParagraph, createParagraphChunker, isClosedPiece, MIN_CHUNK_CHARS } from './paragraph-chunks';

const words = (count: number) => Array.from({ length: count }, (_, index) => ['alpha', 'beta', 'gamma', 'Delta'][index % 4]).join(' ');

describe('isClosedPiece', () => {
  it('accepts text whose code spans, links and emphasis are all closed', () => {
    for (const piece of [
      'plain words, numbers 1. 2) and punctuation!',
      'a `code span` and ``two ` ticks`` done',
      'a *em* and **strong** and ***both*** and _em_ and __init__ and ~~gone~~',
      'nested **a *b* c** and *a **b** c* and [**bold link**](https://example.com/x)',
      'snake_case_name and x_1 too',
    ]) {
      expect(isClosedPiece(piece), piece).toBe(true);
    }
  });

  it('refuses text that later text could still close', () => {
    for (const piece of [
      'an *open emphasis',
      'a lone ` backtick',
      'a `code span` then ``a double opener',
      '[link text not closed yet',
      '[ref] brackets',
      'an escape \\* and then',
      'raw <b>html',
      '* not left-flanking*',
      'closer glued*word',
      '~~open strike',
      'a_ b_',
    ]) {
      expect(isClosedPiece(piece), piece).toBe(false);
    }
  });
});

describe('chunkParagraph', () => {
  it('keeps every character: pieces, gaps and the open end join back to the block', () => {
    const block = `\n\n${words(600)}`;
    const chunks = chunkParagraph(block);
    expect(chunks).not.toBeNull();
    if (!chunks) return;
    const joined = chunks.closed.map((piece, index) => piece + (chunks.gaps[index] ?? '')).join('') + chunks.tail;
    expect(`\n\n${joined}`).toBe(block);
    for (const piece of chunks.closed) expect(piece.length).toBeGreaterThanOrEqual(MIN_CHUNK_CHARS);
  });

  it('does not cut what is not one line of paragraph text', () => {
    expect(chunkParagraph(words(600).replace('gamma', 'gamma\n'))).toBeNull();
    expect(chunkParagraph(`- ${words(600)}`)).toBeNull();
    expect(chunkParagraph(`# ${words(600)}`)).toBeNull();
    expect(chunkParagraph(words(50))).toBeNull();
  });

  it('finds the same pieces growing a batch at a time as all at once', () => {
    const text = `Start *em* ${words(300)} and *an open one ${words(100)} closed* then ${words(400)}`;
    const chunker = createParagraphChunker();
    for (let end = 1; end <= text.length; end += 37) {
      const prefix = text.slice(0, end);
      expect(chunker(prefix), String(end)).toEqual(chunkParagraph(prefix));
    }
    expect(chunker(text)).toEqual(chunkParagraph(text));
    // Earlier pieces never change as the paragraph grows.
    const early = chunkParagraph(text.slice(0, 2000))?.closed ?? [];
    expect(chunkParagraph(text)?.closed.slice(0, early.length)).toEqual(early);
  });
});
