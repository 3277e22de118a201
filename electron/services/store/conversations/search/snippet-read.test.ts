import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import { cleanupAfterEach } from '../../../../../test-support/cleanups';
import { hitFor } from './search-docs';
import { queryTokens } from './search-text';
import { readForSnippet } from './snippet-read';

const cleanups = cleanupAfterEach();
const WORDS = [
  'alpha',
  'alpine',
  'beta',
  'café',
  'Café',
  'delta',
  'deltas',
  'échelle',
  'gamma',
  'γράμμα',
  'x1',
  'x10',
  'zeta',
  'über',
  '😀ok',
];
const summary: ConversationSummary = { conversationId: 'c', title: 'gamma notes', model: null, createdAt: 0, updatedAt: 1, pinned: false };

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

describe('reading a hit’s text only as far as its snippet needs', () => {
  it('gives exactly the snippet the whole text gives, for many texts, queries and chunk sizes', async () => {
    const next = random(7);
    const dir = cleanups.tempDir('taco-snippet-');
    const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'alpha';
    let compared = 0;
    let stoppedEarly = 0;
    for (let round = 0; round < 40; round += 1) {
      const text = Array.from({ length: 20 + Math.floor(next() * 300) }, pick).join(next() < 0.5 ? ' ' : '\n');
      const file = join(dir, `${round}.txt`);
      writeFileSync(file, text);
      for (const query of ['alp', 'delta', 'deltas', 'γρά', 'ube', 'zeta gamma', 'gamma zeta', 'nothing', 'x1 café', '😀']) {
        const tokens = queryTokens(query);
        for (const chunk of [13, 97, 4096]) {
          const partial = await readForSnippet(file, tokens, chunk);
          expect(text.startsWith(partial)).toBe(true);
          if (partial.length < text.length) stoppedEarly += 1;
          expect([query, chunk, hitFor(summary, partial, tokens)]).toEqual([query, chunk, hitFor(summary, text, tokens)]);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(40 * 10 * 3);
    // The point of it: most reads stop before the end.
    expect(stoppedEarly).toBeGreaterThan(compared / 3);
  });

  it('reads a missing file as empty text', async () => {
    expect(await readForSnippet(join(cleanups.tempDir('taco-snippet-'), 'absent.txt'), ['alpha'])).toBe('');
  });
});
