import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { groupedToolNames } from './tool-groups';

const tool = (toolId: string, category: string) => ({ info: { toolId, category } }) as Parameters<typeof groupedToolNames>[0][number];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('groupedToolNames', () => {
  it('names the tools by category, the same for any order of the same set', () => {
    const tools = [tool('write_file', 'files'), tool('fetch_url', 'web'), tool('read_file', 'files')];
    expect(groupedToolNames(tools)).toBe('files: read_file, write_file; web: fetch_url');
    expect(groupedToolNames([...tools].reverse())).toBe('files: read_file, write_file; web: fetch_url');
  });

  it('sorts a set once, and a tool that moved category is a new set', () => {
    const tools = [tool('b_tool', 'zeta'), tool('a_tool', 'alpha')];
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    const first = groupedToolNames(tools);
    const sorts = compare.mock.calls.length;
    expect(sorts).toBeGreaterThan(0);
    expect(groupedToolNames([tool('b_tool', 'zeta'), tool('a_tool', 'alpha')])).toBe(first);
    expect(compare.mock.calls.length).toBe(sorts);
    expect(groupedToolNames([tool('b_tool', 'alpha'), tool('a_tool', 'alpha')])).toBe('alpha: a_tool, b_tool');
  });

  it('stays right past the sets it remembers', () => {
    const sets = Array.from({ length: DEFAULTS.agentPerf.toolNameSetsRemembered + 3 }, (_, index) => [tool(`t${index}`, `c${index}`)]);
    for (const set of sets) groupedToolNames(set);
    sets.forEach((set, index) => expect(groupedToolNames(set)).toBe(`c${index}: t${index}`));
  });
});
