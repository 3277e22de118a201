import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import { createQuestionBroker } from './question-broker';

const request = { runId: 'run-1', conversationId: 'conv-1', callId: 'call-1', question: 'Which file?' };

function setup() {
  const events: TacoEvent[] = [];
  let next = 0;
  const broker = createQuestionBroker({ emit: (event) => events.push(event), newId: () => `q-${++next}` });
  return { broker, events };
}

describe('question broker', () => {
  it('emits the question, resolves with the answer and emits question-answered', async () => {
    const { broker, events } = setup();
    const answer = broker.gate.ask(request, new AbortController().signal);
    expect(events).toEqual([
      { type: 'question', runId: 'run-1', conversationId: 'conv-1', questionId: 'q-1', callId: 'call-1', question: 'Which file?' },
    ]);
    expect(broker.pendingFor('conv-1')).toHaveLength(1);
    expect(broker.answer('q-1', 'notes.md')).toEqual({ accepted: true });
    await expect(answer).resolves.toBe('notes.md');
    expect(events[1]).toEqual({
      type: 'question-answered',
      runId: 'run-1',
      conversationId: 'conv-1',
      questionId: 'q-1',
      answer: 'notes.md',
    });
    expect(broker.pendingFor('conv-1')).toEqual([]);
  });

  it('refuses unknown ids, replays and malformed answers', async () => {
    const { broker, events } = setup();
    const answer = broker.gate.ask(request, new AbortController().signal);
    expect(broker.answer('q-9', 'x')).toEqual({ accepted: false });
    expect(broker.answer('q-1', 42)).toEqual({ accepted: false });
    expect(broker.answer(null, 'x')).toEqual({ accepted: false });
    expect(broker.answer('q-1', 'yes')).toEqual({ accepted: true });
    expect(broker.answer('q-1', 'again')).toEqual({ accepted: false });
    await expect(answer).resolves.toBe('yes');
    expect(events.filter((event) => event.type === 'question-answered')).toHaveLength(1);
  });

  it('an aborted signal rejects the question and forgets it', async () => {
    const { broker } = setup();
    const controller = new AbortController();
    const answer = broker.gate.ask(request, controller.signal);
    controller.abort();
    await expect(answer).rejects.toBe(controller.signal.reason);
    expect(broker.pendingFor('conv-1')).toEqual([]);
    expect(broker.answer('q-1', 'late')).toEqual({ accepted: false });
  });

  it('rejects at once on an aborted signal and withdraws everything on dispose', async () => {
    const { broker, events } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(broker.gate.ask(request, controller.signal)).rejects.toBe(controller.signal.reason);
    expect(events).toEqual([]);
    const open = broker.gate.ask(request, new AbortController().signal);
    broker.dispose();
    await expect(open).rejects.toThrow(/shutting down/);
  });
});
