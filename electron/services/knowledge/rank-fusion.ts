/**
 * Reciprocal rank fusion: each ranking (best first) gives an id 1 / (k + rank), rank from 1; the
 * fused list is by the summed score, best first, ties in the order the ids were first seen.
 */
export function reciprocalRankFusion<Id>(rankings: ReadonlyArray<readonly Id[]>, k: number): Array<{ id: Id; score: number }> {
  const scores = new Map<Id, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
