import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import { createConfirmBroker } from './confirm-broker';

function setup() {
  const events: TacoEvent[] = [];
  let next = 0;
  const broker = createConfirmBroker({ emit: (event) => events.push(event), newId: () => `c${(next += 1)}` });
  return { broker, events };
}
const request = { runId: 'r1', conversationId: 'k1', index: 1, message: 'Go on?' };

describe('createConfirmBroker', () => {
  it('emits the request, settles on the answer with workflow-confirmed, and refuses a replay', async () => {
    const { broker, events } = setup();
    const answer = broker.gate.confirm(request, new AbortController().signal);
    expect(events[0]).toMatchObject({ type: 'workflow-confirm', confirmId: 'c1', message: 'Go on?' });
    expect(broker.pendingFor('k1')).toHaveLength(1);
    expect(broker.respond('c1', true)).toEqual({ accepted: true, message: null });
    await expect(answer).resolves.toBe(true);
    expect(events[1]).toMatchObject({ type: 'workflow-confirmed', confirmId: 'c1', accepted: true });
    expect(broker.respond('c1', false)).toMatchObject({ accepted: false, message: expect.stringContaining('already answered') });
  });

  it('refuses an id it never issued, and declines leave the promise false', async () => {
    const { broker } = setup();
    const answer = broker.gate.confirm(request, new AbortController().signal);
    expect(broker.respond('forged', true)).toMatchObject({ accepted: false, message: expect.stringContaining('No confirmation') });
    broker.respond('c1', false);
    await expect(answer).resolves.toBe(false);
  });

  it('Stop withdraws the question: the promise rejects and a late answer is refused', async () => {
    const { broker } = setup();
    const controller = new AbortController();
    const answer = broker.gate.confirm(request, controller.signal);
    controller.abort();
    await expect(answer).rejects.toBe(controller.signal.reason);
    expect(broker.respond('c1', true).accepted).toBe(false);
  });
});
