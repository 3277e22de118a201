import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULTS } from '../../../shared/constants';
import type { ApprovalDecision, EventOf, TacoEvent } from '../../../shared/contract/events';
import { abortError } from './abort-error';
import { createPendingRequests, shutdownError } from './pending-requests';
import type { ApprovalGate, ApprovalRequest } from './orchestration-types';

/** The card the user answers: what the tool will do, and until when the answer is awaited. */
export function approvalRequestEvent(request: ApprovalRequest, approvalId: string, expiresAt: number): EventOf<'approval-request'> {
  return {
    type: 'approval-request',
    runId: request.runId,
    conversationId: request.conversationId,
    approvalId,
    callId: request.callId,
    tool: request.tool,
    args: request.args,
    risk: request.risk,
    preview: request.preview,
    ...(request.scope !== undefined ? { scope: request.scope } : {}),
    ...(request.alwaysAllow === true ? { alwaysAllow: true } : {}),
    ...(request.warning !== undefined ? { warning: request.warning } : {}),
    ...(request.sandbox !== undefined ? { sandbox: request.sandbox } : {}),
    expiresAt,
    ...(request.batch ? { batch: request.batch } : {}),
    ...(request.fromApp === true ? { fromApp: true } : {}),
  };
}

export interface ApprovalBrokerOptions {
  emit: (event: TacoEvent) => void;
  timeoutMs?: number;
  now?: () => number;
  newId?: () => string;
}

export interface ApprovalResponse {
  accepted: boolean;
  message: string | null;
}

export interface ApprovalBroker {
  gate: ApprovalGate;
  /** The renderer's answer. Never trusted: the id must be one main issued and still open. */
  respond(approvalId: unknown, decision: unknown): ApprovalResponse;
  /** Open requests of a conversation, as their `approval-request` events (to redraw cards). */
  pendingFor(conversationId: string): Array<EventOf<'approval-request'>>;
  /** Stops every timer and withdraws every open request. */
  dispose(): void;
}

const decisionSchema = z.enum(['allow-once', 'allow-conversation', 'allow-tool', 'deny']);

type Closed = { type: 'answered'; decision: ApprovalDecision } | { type: 'expired' } | { type: 'withdrawn' };

const WHAT = 'The approval request';

/**
 * Main's side of approvals (the approval gates of agent mode). Main issues every approval id,
 * emits `approval-request`, and resolves it on a valid answer or on timeout (a denial). Answers
 * for ids main never issued, already answered or expired are refused in words.
 */
export function createApprovalBroker(options: ApprovalBrokerOptions): ApprovalBroker {
  const { emit } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.approvalTimeoutMs;
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? randomUUID;
  const pending = createPendingRequests<EventOf<'approval-request'>, ApprovalDecision | 'timeout'>({ emit, what: WHAT });
  const closed = new Map<string, Closed>();

  const remember = (approvalId: string, outcome: Closed): void => {
    closed.set(approvalId, outcome);
    while (closed.size > DEFAULTS.orchestration.resolvedApprovalMemory) {
      const oldest = closed.keys().next();
      if (oldest.done) break;
      closed.delete(oldest.value);
    }
  };

  const resolveWith = (approvalId: string, decision: ApprovalDecision | 'timeout'): void => {
    const event = pending.settle(approvalId, decision);
    if (!event) return;
    remember(approvalId, decision === 'timeout' ? { type: 'expired' } : { type: 'answered', decision });
    const { runId, conversationId } = event;
    emit({ type: 'approval-resolved', runId, conversationId, approvalId, decision });
  };

  const gate: ApprovalGate = {
    request(request, signal) {
      // No id is issued for a run that already stopped.
      if (signal.aborted) return Promise.reject(abortError(signal, WHAT));
      const approvalId = newId();
      return pending.open({
        key: approvalId,
        event: approvalRequestEvent(request, approvalId, now() + timeoutMs),
        signal,
        timeoutMs,
        onTimeout: () => resolveWith(approvalId, 'timeout'),
        onWithdrawn: () => remember(approvalId, { type: 'withdrawn' }),
      });
    },
  };

  return {
    gate,

    respond(approvalId, decision) {
      if (typeof approvalId !== 'string' || approvalId.length === 0) {
        return { accepted: false, message: 'The approval answer has no approval id. Answer the approval card shown in the conversation.' };
      }
      const open = pending.get(approvalId);
      if (!open) return { accepted: false, message: refusalFor(closed.get(approvalId)) };
      const parsed = decisionSchema.safeParse(decision);
      if (!parsed.success) {
        return {
          accepted: false,
          message: `“${String(decision)}” is not an approval decision. Answer allow-once, allow-conversation, allow-tool or deny; the request is still waiting.`,
        };
      }
      if (parsed.data === 'allow-conversation' && open.scope === null) {
        return {
          accepted: false,
          message: 'This call can only be allowed once (it is asked every time). Answer allow-once or deny; the request is still waiting.',
        };
      }
      if (parsed.data === 'allow-tool' && open.alwaysAllow !== true) {
        return {
          accepted: false,
          message:
            'This call cannot be always allowed (only an MCP tool as you reviewed it can). Answer allow-once or deny; the request is still waiting.',
        };
      }
      if (now() >= open.expiresAt) {
        resolveWith(approvalId, 'timeout');
        return { accepted: false, message: refusalFor({ type: 'expired' }) };
      }
      resolveWith(approvalId, parsed.data);
      return { accepted: true, message: null };
    },

    pendingFor: (conversationId) => pending.pendingFor(conversationId),

    dispose() {
      for (const approvalId of pending.withdrawAll(() => shutdownError(WHAT))) remember(approvalId, { type: 'withdrawn' });
    },
  };
}

function refusalFor(outcome: Closed | undefined): string {
  if (!outcome)
    return 'No approval request with this id is open. Nothing was approved; answer the approval card shown in the conversation.';
  switch (outcome.type) {
    case 'answered':
      return `This approval was already answered (${outcome.decision}). Nothing changed.`;
    case 'expired':
      return 'This approval request expired and counted as a denial. Ask the model to try again if you still want it.';
    case 'withdrawn':
      return 'This approval request was withdrawn because its run stopped. Nothing was run.';
    default: {
      const unreachable: never = outcome;
      return String(unreachable);
    }
  }
}
