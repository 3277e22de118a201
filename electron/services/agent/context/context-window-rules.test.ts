import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';
import { fitContext, promptBudget, requestChars, undroppableChars } from './context-window';

const say = (role: ChatMessage['role'], length: number): ChatMessage => ({ role, content: 'x'.repeat(length) });
const tool: ToolDefinition = {
  type: 'function',
  function: { name: 't', description: 'd', parameters: { type: 'object', properties: {}, required: [] } },
};

describe('what a request costs', () => {
  it('each message is its text and 8 characters, calls included as JSON; tools as their JSON, none when there are none', () => {
    expect(requestChars([])).toBe(0);
    expect(requestChars([say('user', 3)], [])).toBe(11);
    const calls = [{ function: { name: 'a', arguments: { n: 1 } } }];
    expect(requestChars([{ role: 'assistant', content: '', tool_calls: calls }])).toBe(8 + JSON.stringify(calls).length);
    expect(requestChars([say('user', 3)], [tool, tool])).toBe(11 + JSON.stringify([tool, tool]).length);
  });

  it('plans the prompt with three quarters of the window less any extra reserve, never below one token', () => {
    expect(promptBudget(1000)).toBe(750);
    expect(promptBudget(1000, 100)).toBe(650);
    expect(promptBudget(1001)).toBe(750);
    expect(promptBudget(1)).toBe(1);
    expect(promptBudget(100, 500)).toBe(1);
  });

  it('never drops the tools, the system prompt, the current message and this run’s last round only', () => {
    const parts = { system: say('system', 10), current: say('user', 20), tools: [] as ToolDefinition[] };
    const run = [say('assistant', 100), say('tool', 200), say('assistant', 30), say('tool', 40), say('tool', 50)];
    expect(undroppableChars({ ...parts, run: [] })).toBe(18 + 28);
    expect(undroppableChars({ ...parts, run })).toBe(18 + 28 + 38 + 48 + 58);
    expect(undroppableChars({ ...parts, run: [say('tool', 5), say('tool', 6)] })).toBe(18 + 28 + 13 + 14);
    expect(undroppableChars({ ...parts, run: [], tools: [tool] })).toBe(18 + 28 + JSON.stringify([tool]).length);
  });
});

describe('fitContext at the edge of the budget', () => {
  // One character a token: system and current are 9 each, an earlier message its length and 8.
  const fit = (earlierLength: number, extra?: number, run: ChatMessage[] = []) =>
    fitContext({
      system: say('system', 1),
      current: say('user', 1),
      earlier: [say('user', earlierLength)],
      run,
      tools: [],
      numCtx: 400,
      charsPerToken: 1,
      ...(extra === undefined ? {} : { extraReserveTokens: extra }),
    });

  it('keeps a history that fills the budget to the token, and drops it one token over', () => {
    expect(fit(274)).toMatchObject({ dropped: 0, estimatedTokens: 300 });
    expect(fit(275)).toMatchObject({ dropped: 1, estimatedTokens: 18 });
  });

  it('plans with the extra reserve', () => {
    expect(fit(264, 10)).toMatchObject({ dropped: 0, estimatedTokens: 290 });
    expect(fit(264, 11)).toMatchObject({ dropped: 1 });
  });

  it('counts tokens at the server’s rate, rounding up', () => {
    const fitted = fitContext({
      system: say('system', 1),
      current: say('user', 2),
      earlier: [],
      run: [],
      tools: [],
      numCtx: 400,
      charsPerToken: 2,
    });
    expect(fitted.estimatedTokens).toBe(10);
    expect(
      fitContext({ system: say('system', 1), current: say('user', 1), earlier: [], run: [], tools: [], numCtx: 400 }).estimatedTokens,
    ).toBe(5);
  });

  it('drops this run’s oldest round, then the next, and stops as soon as the rest fits', () => {
    const run = [say('assistant', 92), say('tool', 100), say('assistant', 92), say('assistant', 2)];
    const fitted = fit(0, undefined, run);
    // 9 + 9 + 8 (empty earlier turn) + 100 + 108 + 100 + 10 = 344: the earlier turn goes, then the first round (208).
    expect(fitted.dropped).toBe(3);
    expect(fitted.messages.slice(2)).toEqual(run.slice(2));
    expect(fitted.estimatedTokens).toBe(128);
  });
});

describe('fitContext: where it cuts', () => {
  // One character a token, a 400-token window: a 300-token budget, and cut points every 75 characters of earlier turns.
  const parts = (earlier: ChatMessage[], run: ChatMessage[]) => ({
    system: say('system', 1),
    current: say('user', 1),
    earlier,
    run,
    tools: [],
    numCtx: 400,
    charsPerToken: 1,
  });

  it('keeps this run’s rounds that fill the budget to the token, and drops the oldest one token over', () => {
    // 9 + 9 + 108 + 174 = 300.
    const fits = fitContext(parts([], [say('assistant', 100), say('assistant', 166)]));
    expect(fits).toMatchObject({ dropped: 0, estimatedTokens: 300 });
    const over = fitContext(parts([], [say('assistant', 100), say('assistant', 167)]));
    expect(over).toMatchObject({ dropped: 1, estimatedTokens: 193 });
  });

  it('never drops the last round, even when it alone does not fit', () => {
    const last = say('assistant', 500);
    const fitted = fitContext(parts([], [say('assistant', 100), say('tool', 10), last]));
    expect(fitted).toMatchObject({ dropped: 2, estimatedTokens: 18 + 508 });
    expect(fitted.messages).toEqual([say('system', 1), say('user', 1), last]);
    expect(fitContext(parts([], [last]))).toMatchObject({ dropped: 0, estimatedTokens: 526 });
  });

  it('stops cutting earlier turns at the cut point they reach exactly, not one turn past it', () => {
    // Four turns of 75 characters (67 and 8): 18 + 300 = 318 is over 300; the first turn reaches the first cut point.
    const turns = [1, 2, 3, 4].map(() => say('user', 67));
    const fitted = fitContext(parts(turns, []));
    expect(fitted).toMatchObject({ dropped: 1, estimatedTokens: 243 });
    expect(fitted.messages).toHaveLength(2 + 3);
  });
});
