import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';
import { requestChars } from './context-window';
import { serverCharsPerToken, toolsCutStatus, toolsThatFit } from './fit-tools';

/** Tools of 10 characters each over a 10-character base, 1 character a token: n tools cost 10 + 10n tokens. */
function fit(tools: readonly string[], keep: readonly string[], budgetTokens: number): string[] {
  const kept = new Set(keep);
  return toolsThatFit({
    tools,
    keep: (tool) => kept.has(tool),
    undroppableChars: (chosen) => 10 + 10 * chosen.length,
    budgetTokens,
    charsPerToken: 1,
  });
}

describe('toolsThatFit', () => {
  const tools = ['a', 'b', 'c', 'd', 'e'];

  it('cuts nothing when the request fits, to the last token', () => {
    expect(fit(tools, [], 60)).toEqual(tools);
    expect(fit(tools, [], 1000)).toEqual(tools);
  });

  it('cuts the last offered first, and no more than it must', () => {
    expect(fit(tools, [], 59)).toEqual(['a', 'b', 'c', 'd']);
    expect(fit(tools, [], 40)).toEqual(['a', 'b', 'c']);
    expect(fit(tools, [], 20)).toEqual(['a']);
    expect(fit(tools, [], 19)).toEqual([]);
  });

  it('never cuts a kept tool, wherever it stands (last included), and cuts the ones before it instead', () => {
    for (let at = 0; at < tools.length; at += 1) {
      const keep = [tools[at] ?? ''];
      for (let budget = 0; budget <= 60; budget += 5) {
        const result = fit(tools, keep, budget);
        expect(result, `${keep[0]} at ${budget}`).toContain(keep[0]);
        expect(result.length, `${keep[0]} at ${budget}`).toBe(Math.max(1, Math.min(5, Math.floor((budget - 10) / 10))));
      }
    }
    expect(fit(tools, ['e'], 30)).toEqual(['a', 'e']);
    expect(fit(tools, ['a', 'e'], 30)).toEqual(['a', 'e']);
    expect(fit(tools, ['d', 'e'], 40)).toEqual(['a', 'd', 'e']);
  });

  it('sends the kept tools when nothing else is left, even over the budget', () => {
    expect(fit(tools, ['b', 'e'], 0)).toEqual(['b', 'e']);
    expect(fit(tools, tools, 0)).toEqual(tools);
  });

  it('counts tokens by rounding characters up at the given rate', () => {
    const kept = toolsThatFit({
      tools: ['a', 'b'],
      keep: () => false,
      undroppableChars: (chosen) => 1 + 4 * chosen.length,
      budgetTokens: 2,
      charsPerToken: 4,
    });
    // 9 characters are 3 tokens (over 2), 5 are 2.
    expect(kept).toEqual(['a']);
  });
});

describe('serverCharsPerToken', () => {
  const messages: ChatMessage[] = [{ role: 'user', content: 'x'.repeat(392) }];
  const tools: ToolDefinition[] = [];
  const chars = requestChars(messages, tools);
  const request = { model: 'm', messages, tools, signal: new AbortController().signal };
  const counting = (count: number | null) => ({ countPromptTokens: async () => count });

  it('is the rough default when the server has no count, or gives none that is a positive number', async () => {
    expect(await serverCharsPerToken({}, request)).toBe(DEFAULTS.agent.charsPerToken);
    for (const count of [null, 0, -5])
      expect(await serverCharsPerToken(counting(count), request), String(count)).toBe(DEFAULTS.agent.charsPerToken);
  });

  it('is the request’s characters over the server’s count, held inside the measured range', async () => {
    const [least, most] = DEFAULTS.agent.measuredCharsPerTokenRange;
    expect(chars).toBe(400);
    expect(await serverCharsPerToken(counting(160), request)).toBe(2.5);
    expect(await serverCharsPerToken(counting(200), request)).toBe(2);
    expect(await serverCharsPerToken(counting(1), request)).toBe(most);
    expect(await serverCharsPerToken(counting(4000), request)).toBe(least);
  });
});

describe('toolsCutStatus', () => {
  it('names what was offered, what was cut and the window, in the right number', () => {
    expect(toolsCutStatus(9, 16, 2048)).toBe("Offered 9 of 16 tools: the other 7 do not fit the model's 2048-token context.");
    expect(toolsCutStatus(15, 16, 4096)).toBe("Offered 15 of 16 tools: the other 1 does not fit the model's 4096-token context.");
  });
});
