import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { lexicalIndexFor } from '../../electron/services/agent/tool-selection/lexical-index';
import { processQueryTerm } from '../../electron/services/agent/tool-selection/search-terms';
import { isCoreTool, selectTools } from '../../electron/services/agent/tool-selection/select-tools';
import { LABELLED_REQUESTS } from './labelled-requests';
import { selectionCatalogue } from './selection-catalogue';

async function recall(entries: readonly { request: string; tool: string }[]): Promise<number> {
  const catalogue = await selectionCatalogue(150);
  const all = catalogue.definitions.map((definition) => definition.function.name);
  const index = lexicalIndexFor(catalogue.definitions);
  const keep = new Set(all.filter(isCoreTool));
  const hits = entries.filter((entry) =>
    selectTools({ all, budget: DEFAULTS.toolBudget, ranking: index.rank(entry.request), keep }).offered.includes(entry.tool),
  );
  return hits.length / entries.length;
}

describe('tool selection without embeddings, on the train/test split of the labelled requests', () => {
  it('offers calculate for arithmetic in words, "17 multiplied by 23" and "250 times 4" among them', async () => {
    expect(await recall([{ request: 'What is 17 multiplied by 23?', tool: 'calculate' }])).toBe(1);
    expect(await recall([{ request: 'How much is 250 times 4?', tool: 'calculate' }])).toBe(1);
  });

  it('reads "times" as arithmetic without losing the clock', () => {
    expect(processQueryTerm('times')).toEqual(expect.arrayContaining(['time', 'math']));
    expect(processQueryTerm('multiplied')).toContain('math');
  });

  it('every training request reaches its tool, and the held-out ones stay at or above their measured recall (18 of 21)', async () => {
    expect(await recall(LABELLED_REQUESTS.filter((entry) => !entry.heldOut))).toBe(1);
    expect(await recall(LABELLED_REQUESTS.filter((entry) => entry.heldOut))).toBeGreaterThanOrEqual(18 / 21);
  });
});
