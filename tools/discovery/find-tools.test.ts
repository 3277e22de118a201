import { describe, expect, it } from 'vitest';
import { createTestToolContext } from '../catalogue/tool-test-context';
import { run as findTools } from './find_tools';

describe('find_tools', () => {
  it('asks the loop for matching tools and returns them with a next step', async () => {
    const asked: string[] = [];
    const context = createTestToolContext({
      findTools: async (query) => {
        asked.push(query);
        return [{ tool: 'currency_convert', description: 'Convert an amount between currencies.' }];
      },
    });
    const outcome = await findTools({ query: '  convert euros to dollars ' }, context);
    expect(asked).toEqual(['convert euros to dollars']);
    expect(outcome.type === 'result' ? JSON.parse(outcome.output) : null).toEqual({
      tools: [{ tool: 'currency_convert', description: 'Convert an amount between currencies.' }],
      next: 'These tools are now available to you; call the one that fits (currency_convert matched best).',
    });
  });

  it('says so when nothing matches, and refuses an empty query', async () => {
    const context = createTestToolContext({ findTools: async () => [] });
    const outcome = await findTools({ query: 'teleport' }, context);
    expect(outcome.type === 'result' ? JSON.parse(outcome.output).next : '').toMatch(/^No tool matches "teleport"/);
    await expect(findTools({ query: ' ' }, context)).rejects.toThrow('The query is empty');
  });
});
