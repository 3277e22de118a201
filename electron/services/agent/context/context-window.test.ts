import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../provider/provider-types';
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
});
