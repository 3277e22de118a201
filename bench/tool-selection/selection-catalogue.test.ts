import { describe, expect, it } from 'vitest';
import { LABELLED_REQUESTS } from './labelled-requests';
import { distractorSpecs, fewerDistractors, selectionCatalogue } from './selection-catalogue';

describe('the selection benchmark catalogue', () => {
  it('has 150 tools and every tool a labelled request needs, however many built-ins there are', async () => {
    const catalogue = await selectionCatalogue(150);
    const names = new Set(catalogue.definitions.map((definition) => definition.function.name));
    expect(names.size).toBe(150);
    expect(LABELLED_REQUESTS.map((entry) => entry.tool).filter((tool) => !names.has(tool))).toEqual([]);
  });

  it('leaves out the last distractors no label names, in order, when fewer fit', () => {
    const all = distractorSpecs();
    const labelled = new Set(LABELLED_REQUESTS.map((entry) => entry.tool));
    const lastLabelled = all.map((spec) => spec.id).findLastIndex((id) => labelled.has(id));
    // One fewer than the unlabelled ones after the last labelled distractor can make: the cut has to skip over it.
    const unlabelledAfter = all.length - 1 - lastLabelled;
    expect(all.slice(0, lastLabelled).some((spec) => !labelled.has(spec.id))).toBe(true);
    const count = all.length - unlabelledAfter - 1;
    const kept = fewerDistractors(all, count);
    expect(kept).toHaveLength(count);
    expect(kept.map((spec) => spec.id)).toContain(all[lastLabelled]!.id);
    expect(kept).toEqual(all.filter((spec) => kept.includes(spec)));
    expect(fewerDistractors(all, all.length)).toEqual(all);
  });
});
