import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { runWithLifecycle, type RunLifecycleInput } from './run-lifecycle';

function lifecycle(signal = new AbortController().signal): { run: RunLifecycleInput; events: TacoEvent[] } {
  const events: TacoEvent[] = [];
  let clock = 0;
  const run: RunLifecycleInput = {
    runId: 'r1',
    conversationId: 'c1',
    model: 'm',
    goal: 'Do it',
    limits: { maxIterations: 10, runTimeoutMs: 60_000 },
    emit: (event) => events.push(event),
    signal,
    now: () => (clock += 1),
  };
  return { run, events };
}

describe('runWithLifecycle: the one owner of run-start and run-finish', () => {
  it('run-start first, the loop events, then one run-finish with the loop reason and error', async () => {
    const { run, events } = lifecycle();
    const end = await runWithLifecycle(run, async (emit) => {
      emit({ type: 'status', runId: 'r1', conversationId: 'c1', text: 'Working' });
      return { reason: 'provider_error', error: 'Ollama fell over.', messages: [] };
    });
    expect(events.map((event) => event.type)).toEqual(['run-start', 'status', 'run-finish']);
    expect(events[0]).toMatchObject({ runId: 'r1', conversationId: 'c1', model: 'm', goal: 'Do it', startedAt: 1 });
    expect(end.finish).toEqual(events[2]);
    expect(end.finish).toMatchObject({
      reason: 'provider_error',
      error: 'Ollama fell over.',
      message: 'Stopped: the model server returned an error.',
    });
  });

  it('a loop that throws ends as provider_error with its message, or cancelled once the run was stopped', async () => {
    const failing = lifecycle();
    const thrown = await runWithLifecycle(failing.run, async () => {
      throw new Error('boom');
    });
    expect(thrown).toMatchObject({ outcome: null, finish: { reason: 'provider_error', error: 'boom' } });

    const controller = new AbortController();
    const stopped = lifecycle(controller.signal);
    const cancelled = await runWithLifecycle(stopped.run, async () => {
      controller.abort();
      throw new Error('aborted');
    });
    expect(cancelled.finish.reason).toBe('cancelled');
    expect(stopped.events.filter((event) => event.type === 'run-finish')).toHaveLength(1);
  });

  it('drops events of the run that arrive after its run-finish, but not those of other runs', async () => {
    const { run, events } = lifecycle();
    const late: Array<(event: TacoEvent) => void> = [];
    await runWithLifecycle(run, async (emit) => {
      late.push(emit);
      return { reason: 'complete', error: null, messages: [] };
    });
    const emitLate = late[0];
    if (!emitLate) throw new Error('the loop never ran');
    emitLate({ type: 'status', runId: 'r1', conversationId: 'c1', text: 'late sentence' });
    emitLate({ type: 'status', runId: 'r2', conversationId: 'c1', text: 'another run' });
    expect(events.map((event) => (event.type === 'status' ? event.text : event.type))).toEqual(['run-start', 'run-finish', 'another run']);
  });
});
