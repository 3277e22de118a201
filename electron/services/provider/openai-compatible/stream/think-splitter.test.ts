import { describe, expect, it } from 'vitest';
import { createThinkSplitter, type ContentPiece } from './think-splitter';

function run(deltas: string[]): { text: string; thinking: string } {
  const splitter = createThinkSplitter();
  const pieces: ContentPiece[] = [...deltas.flatMap((delta) => splitter.push(delta)), ...splitter.end()];
  return {
    text: pieces
      .filter((piece) => piece.type === 'text')
      .map((piece) => piece.text)
      .join(''),
    thinking: pieces
      .filter((piece) => piece.type === 'thinking')
      .map((piece) => piece.text)
      .join(''),
  };
}

describe('think splitter', () => {
  const content = 'Before <think>plan: a < b, then </b></think>After <thinker>';

  it('splits text and thinking whatever the delta boundaries (every cut position)', () => {
    for (let cut = 0; cut <= content.length; cut += 1) {
      expect(run([content.slice(0, cut), content.slice(cut)]), `cut at ${cut}`).toEqual({
        text: 'Before After <thinker>',
        thinking: 'plan: a < b, then </b>',
      });
    }
    expect(run([...content])).toEqual({ text: 'Before After <thinker>', thinking: 'plan: a < b, then </b>' });
  });

  it('text without tags passes through, and a dangling partial tag comes out at the end', () => {
    expect(run(['Hello', ' world <thi'])).toEqual({ text: 'Hello world <thi', thinking: '' });
  });
});
