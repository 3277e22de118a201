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
  it('cuts earlier turns at the first fixed point that fits: the fixed point before it would not have fitted', () => {
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
    // The turns' characters as the estimate counts them, and where the fixed cut points fall.
    const turnChars = (start: number): number => earlier[start]!.content.length + 8 + earlier[start + 1]!.content.length + 8;
    let checked = 0;
    for (let numCtx = 200; numCtx <= 12_000; numCtx += 97) {
      const fitted = fitContext({ system, earlier, current, run, tools, numCtx });
      expect(fitted.estimatedTokens).toBe(estimateTokens(fitted.messages, tools));
      const budget = Math.floor(numCtx * (1 - DEFAULTS.agent.replyReserveRatio));
      const block = budget * DEFAULTS.agent.charsPerToken * DEFAULTS.agent.historyCutBlockRatio;
      const sent = new Set(fitted.messages);
      const firstKept = earlier.findIndex((message) => sent.has(message));
      const droppedTurns = (firstKept === -1 ? earlier.length : firstKept) / 2;
      if (droppedTurns === 0) continue;
      // Cut points: the first turn boundary where the turns before it reach a multiple of the block.
      const cuts = [0];
      let cumulative = 0;
      for (let turn = 0; turn < earlier.length / 2; turn += 1) {
        const before = cumulative;
        cumulative += turnChars(turn * 2);
        if (Math.floor(cumulative / block) > Math.floor(before / block) || turn === earlier.length / 2 - 1) cuts.push(turn + 1);
      }
      expect(cuts).toContain(droppedTurns);
      const previousCut = cuts[cuts.indexOf(droppedTurns) - 1]!;
      const keptAtPreviousCut = [system, ...earlier.slice(previousCut * 2), current, ...run];
      expect(estimateTokens(keptAtPreviousCut, tools)).toBeGreaterThan(budget);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('keeps the same first message for several turns once the history outgrows num_ctx, so the prompt prefix holds', () => {
    const turns: ChatMessage[][] = Array.from({ length: 60 }, (_, i) => [big('user', `q${i}`, 280), big('assistant', `a${i}`, 280)]);
    const numCtx = 2048;
    let previous: ChatMessage[] | null = null;
    let turnsWithCut = 0;
    let cutMoves = 0;
    let prefixKept = 0;
    for (let turn = 1; turn < turns.length; turn += 1) {
      const fitted = fitContext({ system, earlier: turns.slice(0, turn).flat(), current: turns[turn]![0]!, run: [], tools: [], numCtx });
      if (fitted.dropped > 0) {
        turnsWithCut += 1;
        const history = fitted.messages.slice(0, -1);
        if (previous && previous[1] !== history[1]) cutMoves += 1;
        // Same start: everything sent last turn (its question included) begins this request.
        else if (previous && previous.every((message, index) => fitted.messages[index] === message)) prefixKept += 1;
        previous = fitted.messages;
      } else previous = fitted.messages;
    }
    expect(turnsWithCut).toBeGreaterThan(40);
    // One turn at a time moved the start at every one of those turns.
    expect(cutMoves).toBeLessThan(turnsWithCut / 2);
    // Every other turn with a cut sent last turn's request again as its start (the first cut counts as a move).
    expect(prefixKept + cutMoves).toBe(turnsWithCut);
  });
});
