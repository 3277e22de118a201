import type { TacoEvent } from '../../../../shared/contract/events';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import type { AssistantTurn, ConversationView, ToolOutcome, TurnPart } from './conversation-view';
import { appendItem, createDraftItems, hasUserMessage, type DraftItems } from './draft-items';
import { applyStackFrames, applyToolOutcome, keepActiveEntries } from './stack-entries';
import { rewindTimeline, settleInterruptedRun } from './timeline-rewind';
import { progressView, resultImages } from './tool-extras';
import { userImages } from './user-images';
import { userResources } from './user-resources';
import { applyWorkflowEvent } from './workflow-events';
import { appendDelta, appendPart, hasPart, nextPartId, updateLastPart, withTurn } from './turn-updates';

type TurnUpdate = (view: ConversationView, runId: string, update: (turn: AssistantTurn) => AssistantTurn) => ConversationView;

/** `withTurn` with the batch's scratch state. */
const turnsIn =
  (draft: DraftItems | null): TurnUpdate =>
  (view, runId, update) =>
    withTurn(view, runId, update, draft);

/**
 * The heart of the renderer: a pure function from a view and events to the next view. No React,
 * no store, no clock. Live batches and a stored timeline go through the same function, so a
 * conversation rebuilt from storage looks exactly like it did live.
 */
export function applyEvents(view: ConversationView, events: readonly TacoEvent[]): ConversationView {
  // The arrays made during this call may grow in place: nobody sees the views in between.
  const draft = createDraftItems();
  let next = view;
  for (const event of events) next = applyEvent(next, event, draft);
  return next;
}

/** One event. `draft` is the scratch state of a batch (`applyEvents`); without it every change copies. */
export function applyEvent(view: ConversationView, event: TacoEvent, draft: DraftItems | null = null): ConversationView {
  if (!isEventLike(event)) return view;
  if (view.conversationId !== null && event.conversationId !== view.conversationId) return view;
  const current = view.conversationId === null ? { ...view, conversationId: event.conversationId } : view;
  return reduce(current, event, draft);
}

function isEventLike(value: unknown): value is TacoEvent {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; conversationId?: unknown };
  return typeof candidate.type === 'string' && typeof candidate.conversationId === 'string';
}

const isTool =
  (callId: string) =>
  (part: TurnPart): part is Extract<TurnPart, { type: 'tool' }> =>
    part.type === 'tool' && part.callId === callId;
const isApproval =
  (approvalId: string) =>
  (part: TurnPart): part is Extract<TurnPart, { type: 'approval' }> =>
    part.type === 'approval' && part.approvalId === approvalId;
const isQuestion =
  (questionId: string) =>
  (part: TurnPart): part is Extract<TurnPart, { type: 'question' }> =>
    part.type === 'question' && part.questionId === questionId;
const isOpenDepth = (part: TurnPart): part is Extract<TurnPart, { type: 'depth' }> => part.type === 'depth' && part.decision === null;

function reduce(view: ConversationView, event: TacoEvent, draft: DraftItems | null): ConversationView {
  const inTurn = turnsIn(draft);
  switch (event.type) {
    case 'user-message':
      if (hasUserMessage(view.items, event.messageId, draft)) return view;
      return {
        ...view,
        items: appendItem(
          view.items,
          {
            type: 'user',
            id: event.messageId,
            text: event.text,
            at: event.at,
            ...userImages(event.images),
            ...userResources(event.resources),
          },
          draft,
        ),
      };
    case 'command-output':
      return {
        ...view,
        items: appendItem(
          view.items,
          {
            type: 'system-note',
            id: `note:${view.items.length}`,
            command: event.command,
            output: event.output,
            at: event.at,
          },
          draft,
        ),
      };
    case 'timeline-rewound':
      return rewindTimeline(view, event.fromMessageId);
    case 'branch-selected':
      // Another branch is shown: the store reads the conversation again (its events are another path).
      return view;
    case 'conversation-updated':
      // A summary, not part of the view: the conversations list takes it (summary-updates.ts).
      return view;
    case 'run-start': {
      const started = inTurn(view, event.runId, (turn) => ({
        ...turn,
        model: event.model,
        goal: event.goal,
        startedAt: event.startedAt,
      }));
      return { ...started, activeRunId: event.runId, running: true, status: null, stack: keepActiveEntries(view.stack) };
    }
    case 'text-delta':
      return inTurn(view, event.runId, (turn) => appendDelta(turn, 'text', event.text));
    case 'thinking-delta':
      return inTurn(view, event.runId, (turn) => appendDelta(turn, 'thinking', event.text));
    case 'status': {
      const next = inTurn(view, event.runId, (turn) => turn);
      return next.activeRunId === event.runId ? { ...next, status: event.text } : next;
    }
    case 'tool-call':
      return inTurn(view, event.runId, (turn) => {
        const { callId, tool, args, frameId, at } = event;
        const helper = event.delegateFrameId === undefined ? {} : { delegateFrameId: event.delegateFrameId };
        if (hasPart(turn, isTool(callId)))
          return updateLastPart(turn, isTool(callId), (old) => ({ ...old, tool, args, frameId, ...helper, at }));
        return appendPart(turn, {
          type: 'tool',
          id: nextPartId(turn),
          callId,
          tool,
          args,
          frameId,
          ...helper,
          at,
          outcome: { type: 'pending' },
        });
      });
    case 'tool-result':
      return applyOutcome(inTurn, view, event.runId, event.callId, event.tool, {
        type: 'result',
        result: event.result,
        truncated: event.truncated,
        durationMs: event.durationMs,
        ...resultImages(event.images),
      });
    case 'tool-progress':
      return withTurn(view, event.runId, (turn) =>
        updateLastPart(turn, isTool(event.callId), (part) =>
          part.outcome.type === 'pending' ? { ...part, progress: progressView(event) } : part,
        ),
      );
    case 'tool-error':
      return applyOutcome(inTurn, view, event.runId, event.callId, event.tool, {
        type: 'error',
        error: event.error,
        durationMs: event.durationMs,
        ending: event.ending ?? 'failed',
      });
    case 'stack':
      return { ...inTurn(view, event.runId, (turn) => turn), stack: applyStackFrames(view, event.frames, event.depthLimit) };
    case 'approval-request':
      return inTurn(view, event.runId, (turn) => {
        if (hasPart(turn, isApproval(event.approvalId))) return turn;
        const { approvalId, callId, tool, args, risk, preview, expiresAt } = event;
        return appendPart(turn, {
          ...(event.batch ? { batch: event.batch } : {}),
          type: 'approval',
          id: nextPartId(turn),
          approvalId,
          callId,
          tool,
          args,
          risk,
          preview,
          ...(event.scope !== undefined ? { scope: event.scope } : {}),
          ...(event.alwaysAllow === true ? { alwaysAllow: true } : {}),
          ...(event.warning !== undefined ? { warning: event.warning } : {}),
          ...(event.sandbox !== undefined ? { sandbox: event.sandbox } : {}),
          ...(event.fromApp === true ? { fromApp: true } : {}),
          expiresAt,
          resolution: null,
        });
      });
    case 'approval-resolved':
      return inTurn(view, event.runId, (turn) =>
        updateLastPart(turn, isApproval(event.approvalId), (part) => ({ ...part, resolution: event.decision })),
      );
    case 'depth-limit':
      return inTurn(view, event.runId, (turn) =>
        appendPart(turn, {
          type: 'depth',
          id: nextPartId(turn),
          depth: event.depth,
          limit: event.limit,
          frames: event.frames,
          decision: null,
          grantedLimit: null,
        }),
      );
    case 'depth-resolved':
      return inTurn(view, event.runId, (turn) =>
        updateLastPart(turn, isOpenDepth, (part) => ({ ...part, decision: event.decision, grantedLimit: event.limit })),
      );
    case 'question':
      return inTurn(view, event.runId, (turn) => {
        if (hasPart(turn, isQuestion(event.questionId))) return turn;
        return appendPart(turn, {
          type: 'question',
          id: nextPartId(turn),
          questionId: event.questionId,
          callId: event.callId,
          question: event.question,
          answer: null,
        });
      });
    case 'question-answered':
      return inTurn(view, event.runId, (turn) =>
        updateLastPart(turn, isQuestion(event.questionId), (part) => ({ ...part, answer: event.answer })),
      );
    case 'usage': {
      const { promptTokens, completionTokens, tokensPerSecond, contextTokens, contextTruncated } = event;
      // A truncated step stays on the turn: a later, smaller step does not hide the warning.
      return inTurn(view, event.runId, (turn) => {
        const truncation = event.truncated ? { promptTokens, contextTokens } : turn.usage?.truncation;
        return {
          ...turn,
          usage: {
            promptTokens,
            completionTokens,
            tokensPerSecond,
            contextTokens,
            contextTruncated,
            ...(truncation ? { truncation } : {}),
          },
        };
      });
    }
    case 'tools-offered': {
      const { offered, total, narrowed, ranker } = event;
      return inTurn(view, event.runId, (turn) => ({ ...turn, offered: { offered, total, narrowed, ranker } }));
    }
    case 'memories-recalled': {
      const remembered = event.memories.map(({ memoryId, text, projectId }) => ({ memoryId, text, projectId }));
      return inTurn(view, event.runId, (turn) => ({ ...turn, remembered }));
    }
    case 'knowledge-used':
      return inTurn(view, event.runId, (turn) => ({ ...turn, passages: mergePassages(turn.passages ?? [], event.passages) }));
    case 'run-finish':
      return finishRun(inTurn, view, event);
    case 'workflow-start':
    case 'workflow-step':
    case 'workflow-confirm':
    case 'workflow-confirmed':
    case 'workflow-finish':
      return applyWorkflowEvent(view, event);
    default: {
      const unknown: never = event;
      void unknown;
      return view;
    }
  }
}

function applyOutcome(
  inTurn: TurnUpdate,
  view: ConversationView,
  runId: string,
  callId: string,
  tool: string,
  outcome: ToolOutcome,
): ConversationView {
  const next = inTurn(view, runId, (turn) => {
    if (hasPart(turn, isTool(callId))) return updateLastPart(turn, isTool(callId), (part) => ({ ...part, outcome }));
    return appendPart(turn, { type: 'tool', id: nextPartId(turn), callId, tool, args: {}, frameId: null, at: 0, outcome });
  });
  return { ...next, stack: applyToolOutcome(next.stack, callId, outcome) };
}

/**
 * A stopped workflow's run-finish message starts with the workflow's own outcome (main's
 * `finishNote`), which the workflow block already shows: the stop notice keeps only the rest, so
 * the summary appears once.
 */
function withoutWorkflowOutcome(message: string, workflowOutcome: string | undefined): string {
  if (!workflowOutcome || !message.startsWith(workflowOutcome)) return message;
  return message.slice(workflowOutcome.length).trim();
}

function finishRun(inTurn: TurnUpdate, view: ConversationView, event: Extract<TacoEvent, { type: 'run-finish' }>): ConversationView {
  const next = inTurn(view, event.runId, (turn) => {
    const finished = { ...turn, finish: { reason: event.reason, message: event.message, error: event.error, at: event.at } };
    if (event.reason === 'complete') return finished;
    return appendPart(finished, {
      type: 'stop',
      id: nextPartId(finished),
      reason: event.reason,
      message: withoutWorkflowOutcome(event.message, turn.workflow?.finish?.message),
      error: event.error,
    });
  });
  const settled = event.reason === 'interrupted' ? settleInterruptedRun(next) : next;
  return settled.activeRunId === event.runId ? { ...settled, activeRunId: null, running: false, status: null } : settled;
}

/** The run's passages by number: a passage found again keeps its number and is listed once. */
function mergePassages(known: KnowledgePassage[], found: KnowledgePassage[]): KnowledgePassage[] {
  const byNumber = new Map(known.map((passage) => [passage.n, passage]));
  for (const passage of found) if (!byNumber.has(passage.n)) byNumber.set(passage.n, passage);
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}
