import { describe, expect, it } from 'vitest';
import type { IndexedChunk } from '../../electron/services/knowledge/knowledge-index';
import { scoreRankings } from './retrieval-bench';

function chunk(id: number, file: string, text: string): IndexedChunk {
  return { id, folder: '/docs', file, location: { kind: 'lines', start: 1, end: 1 }, heading: null, text, hash: String(id) };
}

const filler = (count: number): IndexedChunk[] => Array.from({ length: count }, (_, n) => chunk(100 + n, 'other.md', 'nothing here'));

describe('retrieval scores', () => {
  const label = { question: 'q', files: ['a.md', 'b.md'], contains: 'the answer' };

  it('recall@5 counts an answer in the first five; MRR is 1/rank of the first answer, 0 past rank 10', () => {
    const answer = (file: string) => chunk(1, file, 'here is the answer, in full');
    const rankings = [
      [answer('a.md'), ...filler(9)], // rank 1
      [...filler(4), answer('b.md'), ...filler(5)], // rank 5: another file that holds it
      [...filler(5), answer('a.md'), ...filler(4)], // rank 6: not in the top 5
      [...filler(10), answer('a.md')], // rank 11: past the depth
      [chunk(2, 'c.md', 'the answer'), ...filler(9)], // the phrase in a file not labelled
    ];
    const scores = scoreRankings(Array(rankings.length).fill(label), rankings);
    expect(scores.recallAt5).toBeCloseTo(2 / 5);
    expect(scores.mrr).toBeCloseTo((1 + 1 / 5 + 1 / 6) / 5);
  });
});
