import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { RoundPart } from './round-spans';
import { runAgent } from './run-agent';
import { createHarness } from '../testing/run-harness';
import { createScriptedProvider, done, say, toolCalls } from '../testing/scripted-provider';
import { testRegistry, testTool } from '../testing/test-tools';

const lookup = () =>
  testTool({ id: 'lookup_value', parameters: { key: { type: 'string' } }, run: (args) => `value of ${String(args['key'])}` });

/** Frame ids are random: each becomes the order in which it first appeared. */
function withStableFrameIds(events: readonly TacoEvent[]): unknown {
  const ids = new Map<string, string>();
  return JSON.parse(JSON.stringify(events), (key, value: unknown) => {
    if ((key !== 'frameId' && key !== 'parentFrameId') || typeof value !== 'string') return value;
    if (!ids.has(value)) ids.set(value, `frame-${ids.size + 1}`);
    return ids.get(value);
  });
}

const twoRounds = () =>
  createScriptedProvider({
    replies: [
      [toolCalls(['lookup_value', { key: 'k1' }]), done()],
      [toolCalls(['lookup_value', { key: 'k2' }]), done()],
      [...say('Both looked up.'), done()],
    ],
  });

describe('round spans (the per-round breakdown of bench/peer/peer-breakdown.ts)', () => {
  it('times every part of every step when a recorder is set', async () => {
    const parts: RoundPart[] = [];
    const h = createHarness({
      provider: twoRounds(),
      tools: testRegistry(lookup()),
      onSpan: (part, ms) => void (ms >= 0 && parts.push(part)),
    });

    expect((await runAgent(h.input)).reason).toBe('complete');

    const count = (part: RoundPart): number => parts.filter((recorded) => recorded === part).length;
    // Three steps (two tool rounds and the answer), each built, sent and read.
    for (const part of ['step', 'selection', 'stack-context', 'request-build', 'provider-wait', 'provider-stream'] as const)
      expect(count(part), part).toBe(3);
    // Two rounds with one call each: the round's gates and the call's gates, then the tool.
    expect(count('gates')).toBe(4);
    expect(count('tool')).toBe(2);
    // Every event of the loop passed through the timed emit (run-start and run-finish are the lifecycle's).
    expect(count('events')).toBe(h.events.filter((event) => event.type !== 'run-start' && event.type !== 'run-finish').length);
  });

  it('changes nothing the run emits: the same events with the recorder as without', async () => {
    const plain = createHarness({ provider: twoRounds(), tools: testRegistry(lookup()) });
    const timed = createHarness({ provider: twoRounds(), tools: testRegistry(lookup()), onSpan: () => undefined });

    await runAgent(plain.input);
    await runAgent(timed.input);

    expect(withStableFrameIds(timed.events)).toEqual(withStableFrameIds(plain.events));
  });
});
