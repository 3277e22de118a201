import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';
import { estimateTokens, fitContext } from './context-window';

const big = (role: ChatMessage['role'], tag: string, chars = 2000): ChatMessage => ({ role, content: `${tag} ${'x'.repeat(chars)}` });

describe('fitContext', () => {
  const system: ChatMessage = { role: 'system', content: 'You are TACO.' };
  const current: ChatMessage = { role: 'user', content: 'now' };

  it('sends everything when it fits', () => {
    const fitted = fitContext({ system, earlier: [big('user', 'q1', 10)], current, run: [], tools: [], numCtx: 4096 });
    expect(fitted.messages).toHaveLength(3);
    expect(fitted.dropped).toBe(0);
    expect(fitted.estimatedTokens).toBe(estimateTokens(fitted.messages));
  });

  it('drops whole earlier turns first, then the oldest rounds of this run, never the last round', () => {
    const earlier = [big('user', 'q1'), big('assistant', 'a1'), big('user', 'q2'), big('assistant', 'a2')];
    const run = [
      { role: 'assistant' as const, content: '', tool_calls: [{ function: { name: 't', arguments: { n: 1 } } }] },
      big('tool', 'r1'),
      { role: 'assistant' as const, content: '', tool_calls: [{ function: { name: 't', arguments: { n: 2 } } }] },
      big('tool', 'r2'),
    ];
    const fitted = fitContext({ system, earlier, current, run, tools: [], numCtx: 1000 });
    expect(fitted.messages[0]).toBe(system);
    expect(fitted.messages[1]).toBe(current);
    expect(fitted.messages.slice(2)).toEqual(run.slice(2));
    expect(fitted.dropped).toBe(6);
  });

  it('never drops the system prompt, the tools or the current message, even when they alone do not fit', () => {
    const fitted = fitContext({ system, earlier: [], current: big('user', 'huge', 50_000), run: [], tools: [], numCtx: 1000 });
    expect(fitted.messages).toHaveLength(2);
    expect(fitted.estimatedTokens).toBeGreaterThan(1000);
  });
  it('drops only as many of the oldest turns as the budget needs, and its estimate is the estimate of what it sends', () => {
    const tools: ToolDefinition[] = [
      {
        type: 'function' as const,
        function: { name: 't', description: 'a tool', parameters: { type: 'object' as const, properties: {}, required: [] } },
      },
    ];
    const earlier = Array.from({ length: 60 }, (_, i) => big(i % 2 === 0 ? 'user' : 'assistant', `m${i}`, 50 + ((i * 37) % 400)));
    const run = [
      { role: 'assistant' as const, content: '', tool_calls: [{ function: { name: 't', arguments: { n: 1 } } }] },
      big('tool', 'r1', 300),
      { role: 'assistant' as const, content: 'last', tool_calls: [{ function: { name: 't', arguments: { n: 2 } } }] },
      big('tool', 'r2', 300),
    ];
    for (let numCtx = 200; numCtx <= 12_000; numCtx += 97) {
      const fitted = fitContext({ system, earlier, current, run, tools, numCtx });
      expect(fitted.estimatedTokens).toBe(estimateTokens(fitted.messages, tools));
      const budget = Math.floor(numCtx * (1 - DEFAULTS.agent.replyReserveRatio));
      if (fitted.dropped === 0) continue;
      // One fewer dropped turn (or round) would not have fitted.
      const sent = new Set(fitted.messages);
      const all = [...earlier, ...run];
      const firstKept = all.findIndex((message) => sent.has(message));
      const lastDropped = all.slice(0, firstKept).reverse();
      const group = [lastDropped[0]!];
      const starts = firstKept <= earlier.length ? 'user' : 'assistant';
      for (const message of lastDropped.slice(1)) {
        if (group[group.length - 1]!.role === starts) break;
        group.push(message);
      }
      expect(estimateTokens([...group, ...fitted.messages], tools)).toBeGreaterThan(budget);
    }
  });
});
