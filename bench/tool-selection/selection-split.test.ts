import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { lexicalIndexFor, usageByTool } from '../../electron/services/agent/tool-selection/ranking/lexical-index';
import { processQueryTerm, processTerm } from '../../electron/services/agent/tool-selection/ranking/search-terms';
import { toolsTheRequestNames } from '../../electron/services/agent/tool-selection/ranking/named-operations';
import { isCoreTool, selectTools } from '../../electron/services/agent/tool-selection/select-tools';
import { EVERYDAY_REQUESTS } from './everyday-requests';
import { LABELLED_REQUESTS } from './labelled-requests';
import { isHeldOut } from './seeded-split';
import { selectionCatalogue } from './selection-catalogue';

/** Share of the entries whose tool is offered at the default budget, ranked as the loop ranks a run's first request. */
async function recall(entries: readonly { request: string; tool: string }[]): Promise<number> {
  const catalogue = await selectionCatalogue(150);
  const all = catalogue.definitions.map((definition) => definition.function.name);
  const index = lexicalIndexFor(catalogue.definitions, usageByTool(catalogue.builtins));
  const core = all.filter(isCoreTool);
  const hits = entries.filter((entry) => {
    const keep = new Set([...core, ...toolsTheRequestNames(all, entry.request)]);
    return selectTools({ all, budget: DEFAULTS.toolBudget, ranking: index.rank(entry.request), keep }).offered.includes(entry.tool);
  });
  return hits.length / entries.length;
}

describe('tool selection without embeddings, on the train/test split of the labelled requests', () => {
  it('offers calculate for arithmetic in words, "17 multiplied by 23" and "250 times 4" among them', async () => {
    expect(await recall([{ request: 'What is 17 multiplied by 23?', tool: 'calculate' }])).toBe(1);
    expect(await recall([{ request: 'How much is 250 times 4?', tool: 'calculate' }])).toBe(1);
  });

  it('reads "times" as arithmetic without losing the clock', () => {
    expect(processQueryTerm('times')).toEqual(expect.arrayContaining(['time', 'math']));
    expect(processQueryTerm('multiplied')).toContain(processTerm('math'));
  });

  it('splits the everyday batch by its seeded hash, about half and half, the same every time', () => {
    const held = EVERYDAY_REQUESTS.filter((entry) => isHeldOut(entry.request)).length;
    expect(held).toBe(66);
    expect(EVERYDAY_REQUESTS).toHaveLength(140);
    expect(LABELLED_REQUESTS.filter((entry) => entry.heldOut)).toHaveLength(21 + 66);
  });

  it('every training request reaches its tool, and the held-out ones stay at or above their measured recall (83 of 87)', async () => {
    expect(await recall(LABELLED_REQUESTS.filter((entry) => !entry.heldOut))).toBe(1);
    expect(await recall(LABELLED_REQUESTS.filter((entry) => entry.heldOut))).toBeGreaterThanOrEqual(83 / 87);
  });
});
