import { DEFAULTS } from '../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import { abortError } from './abort-error';
import { createPendingRequests, shutdownError } from './pending-requests';
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

const WHAT = 'The depth prompt';

/**
 * Main's side of the depth limit (tool orchestration: at the limit, show /status and ask).
 * One open prompt per run; `depth-resolved` carries the limit that now applies.
 */
export function createDepthBroker(options: DepthBrokerOptions): DepthBroker {
  const { emit } = options;
  const step = options.step ?? DEFAULTS.depthLimitStep;
  const pending = createPendingRequests<EventOf<'depth-limit'>, DepthDecision>({ emit, what: WHAT });

  const gate: DepthGate = {
    decide(request, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal, WHAT));
      pending.withdraw(request.runId, new Error('A newer depth prompt for this run replaced this one.'));
      return pending.open({
        key: request.runId,
        event: {
          type: 'depth-limit',
          runId: request.runId,
          conversationId: request.conversationId,
          depth: request.depth,
          limit: request.limit,
          frames: request.frames.map((frame) => ({ ...frame })),
        },
        signal,
      });
    },
  };

  return {
    gate,

    respond(runId, decision) {
      if (typeof runId !== 'string' || (decision !== 'continue' && decision !== 'cancel')) return { accepted: false };
      const event = pending.settle(runId, decision);
      if (!event) return { accepted: false };
      const { conversationId, limit } = event;
      emit({ type: 'depth-resolved', runId, conversationId, decision, limit: decision === 'continue' ? limit + step : limit });
      return { accepted: true };
    },

    pendingFor: (conversationId) => pending.pendingFor(conversationId),

    dispose() {
      pending.withdrawAll(() => shutdownError(WHAT));
    },
  };
}
