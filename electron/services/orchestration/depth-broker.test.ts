import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { StackFrame } from '../../../shared/tools/tool-stack';
import { createDepthBroker } from './depth-broker';

const frames: StackFrame[] = [
  { frameId: 'f1', parentFrameId: null, tool: 'delegate_task', callId: 'c1', state: 'running', waitingFor: null, startedAt: 1 },
];
const request = { runId: 'run-1', conversationId: 'conv-1', depth: 20, limit: 20, frames };

function setup() {
  const events: TacoEvent[] = [];
  const broker = createDepthBroker({ emit: (event) => events.push(event) });
  return { broker, events };
}

describe('depth broker', () => {
  it('emits depth-limit and, on Continue, depth-resolved with the raised limit', async () => {
    const { broker, events } = setup();
    const decision = broker.gate.decide(request, new AbortController().signal);
    expect(events).toEqual([{ type: 'depth-limit', runId: 'run-1', conversationId: 'conv-1', depth: 20, limit: 20, frames }]);
    expect(broker.pendingFor('conv-1')).toHaveLength(1);
    expect(broker.respond('run-1', 'continue')).toEqual({ accepted: true });
    await expect(decision).resolves.toBe('continue');
    expect(events[1]).toEqual({ type: 'depth-resolved', runId: 'run-1', conversationId: 'conv-1', decision: 'continue', limit: 40 });
  });

  it('on Cancel keeps the limit; answers for unknown runs, replays and bad decisions are refused', async () => {
    const { broker, events } = setup();
    const decision = broker.gate.decide(request, new AbortController().signal);
    expect(broker.respond('run-2', 'cancel')).toEqual({ accepted: false });
    expect(broker.respond('run-1', 'yes')).toEqual({ accepted: false });
    expect(broker.respond(7, 'cancel')).toEqual({ accepted: false });
    expect(broker.respond('run-1', 'cancel')).toEqual({ accepted: true });
    expect(broker.respond('run-1', 'continue')).toEqual({ accepted: false });
    await expect(decision).resolves.toBe('cancel');
    expect(events.filter((event) => event.type === 'depth-resolved')).toEqual([
      { type: 'depth-resolved', runId: 'run-1', conversationId: 'conv-1', decision: 'cancel', limit: 20 },
    ]);
  });

  it('an aborted signal rejects the prompt and forgets it', async () => {
    const { broker } = setup();
    const controller = new AbortController();
    const decision = broker.gate.decide(request, controller.signal);
    controller.abort();
    await expect(decision).rejects.toBe(controller.signal.reason);
    expect(broker.respond('run-1', 'continue')).toEqual({ accepted: false });
    expect(broker.pendingFor('conv-1')).toEqual([]);
  });

  it('a second prompt for the same run replaces the first', async () => {
    const { broker } = setup();
    const first = broker.gate.decide(request, new AbortController().signal);
    const second = broker.gate.decide({ ...request, depth: 40, limit: 40 }, new AbortController().signal);
    await expect(first).rejects.toThrow(/replaced/);
    broker.respond('run-1', 'cancel');
    await expect(second).resolves.toBe('cancel');
  });

  it('dispose withdraws open prompts', async () => {
    const { broker } = setup();
    const decision = broker.gate.decide(request, new AbortController().signal);
    broker.dispose();
    await expect(decision).rejects.toThrow(/shutting down/);
  });
});
