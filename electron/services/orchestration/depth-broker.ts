import { DEFAULTS } from '../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../shared/events';
import { abortError } from './abort-error';
import type { DepthGate } from './orchestration-types';

export interface DepthBrokerOptions {
  emit: (event: TacoEvent) => void;
  /** Levels each Continue grants; DEFAULTS.depthLimitStep. */
  step?: number;
}

export type DepthDecision = 'continue' | 'cancel';

export interface DepthBroker {
  gate: DepthGate;
  /** The user's Continue or Cancel for a run paused at the depth limit. */
  respond(runId: unknown, decision: unknown): { accepted: boolean };
  /** Open depth prompts of a conversation, as their `depth-limit` events. */
  pendingFor(conversationId: string): Array<EventOf<'depth-limit'>>;
  /** Withdraws every open prompt. */
  dispose(): void;
}

interface Pending {
  event: EventOf<'depth-limit'>;
  settle: (decision: DepthDecision) => void;
  fail: (error: Error) => void;
}

/**
 * Main's side of the depth limit (seed tool-orchestration: at 20 levels show /status and ask).
 * One open prompt per run; `depth-resolved` carries the limit that now applies.
 */
export function createDepthBroker(options: DepthBrokerOptions): DepthBroker {
  const { emit } = options;
  const step = options.step ?? DEFAULTS.depthLimitStep;
  const pending = new Map<string, Pending>();

  const withdraw = (runId: string, error: Error): void => {
    const entry = pending.get(runId);
    if (!entry) return;
    pending.delete(runId);
    entry.fail(error);
  };

  const gate: DepthGate = {
    decide(request, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal, 'The depth prompt'));
      withdraw(request.runId, new Error('A newer depth prompt for this run replaced this one.'));
      return new Promise((resolve, reject) => {
        const event: EventOf<'depth-limit'> = {
          type: 'depth-limit',
          runId: request.runId,
          conversationId: request.conversationId,
          depth: request.depth,
          limit: request.limit,
          frames: request.frames.map((frame) => ({ ...frame })),
        };
        const onAbort = (): void => {
          if (pending.get(request.runId)?.event === event) withdraw(request.runId, abortError(signal, 'The depth prompt'));
        };
        pending.set(request.runId, {
          event,
          settle: (decision) => {
            signal.removeEventListener('abort', onAbort);
            resolve(decision);
          },
          fail: (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        signal.addEventListener('abort', onAbort, { once: true });
        emit(event);
      });
    },
  };

  return {
    gate,

    respond(runId, decision) {
      if (typeof runId !== 'string' || (decision !== 'continue' && decision !== 'cancel')) return { accepted: false };
      const entry = pending.get(runId);
      if (!entry) return { accepted: false };
      pending.delete(runId);
      const { conversationId, limit } = entry.event;
      emit({ type: 'depth-resolved', runId, conversationId, decision, limit: decision === 'continue' ? limit + step : limit });
      entry.settle(decision);
      return { accepted: true };
    },

    pendingFor(conversationId) {
      return [...pending.values()].filter((entry) => entry.event.conversationId === conversationId).map((entry) => ({ ...entry.event }));
    },

    dispose() {
      for (const runId of [...pending.keys()]) {
        const error = new Error('The depth prompt was withdrawn because TACO is shutting down.');
        error.name = 'AbortError';
        withdraw(runId, error);
      }
    },
  };
}
