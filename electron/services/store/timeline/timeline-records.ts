import { z } from 'zod';
import { conversationOptionsSchema } from '../../../../shared/conversations/conversation';
import type { TacoEvent, TacoEventType } from '../../../../shared/contract/events';

/**
 * Format of `conversations/<id>.jsonl`. Bump with a migration (timeline-migrations.ts) when a
 * record changes shape or a new kind of record appears that an older reader would skip.
 * 1: header, event, meta {title, model, pinned}.
 * 2: meta may carry `options`; `workflow` records (a paused run the user abandoned).
 * 3: `branch-selected` events (which branch of an edited or regenerated message is shown).
 * 4: meta may carry `projectId` (a move between projects).
 */
export const TIMELINE_FORMAT = 'taco-timeline';
export const TIMELINE_FORMAT_VERSION = 4;

export const DEFAULT_CONVERSATION_TITLE = 'New conversation';

/** A change to a conversation's summary. Stored in the timeline so the index can be rebuilt. */
export const conversationPatchSchema = z
  .object({
    title: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    model: z.string().trim().min(1).max(200).nullable().optional(),
    pinned: z.boolean().optional(),
    /** The project the conversation moved to; null: out of any project (shared/projects/projects.ts). */
    projectId: z.string().trim().min(1).max(128).nullable().optional(),
    /** The conversation's options as a whole (replacing the previous ones); {} clears them. */
    options: conversationOptionsSchema.optional(),
  })
  .strict();
export type ConversationPatch = z.infer<typeof conversationPatchSchema>;

/** Every event type, checked against the union at compile time (a new event type must be added here). */
const EVENT_TYPES: Record<TacoEventType, true> = {
  'user-message': true,
  'command-output': true,
  'timeline-rewound': true,
  'branch-selected': true,
  'conversation-updated': true,
  'run-start': true,
  'text-delta': true,
  'thinking-delta': true,
  status: true,
  'tool-call': true,
  'tool-result': true,
  'tool-error': true,
  'tool-progress': true,
  stack: true,
  'approval-request': true,
  'approval-resolved': true,
  'depth-limit': true,
  'depth-resolved': true,
  'tools-offered': true,
  'memories-recalled': true,
  'knowledge-used': true,
  question: true,
  'question-answered': true,
  usage: true,
  'run-finish': true,
  'workflow-start': true,
  'workflow-step': true,
  'workflow-confirm': true,
  'workflow-confirmed': true,
  'workflow-finish': true,
};
const eventTypeNames = Object.keys(EVENT_TYPES) as [TacoEventType, ...TacoEventType[]];

const headerSchema = z.object({
  type: z.literal('header'),
  format: z.literal(TIMELINE_FORMAT),
  version: z.number().int().min(1),
  conversationId: z.string().min(1),
  createdAt: z.number(),
  title: z.string(),
  model: z.string().nullable(),
});

/**
 * What happened to a run that was paused on the user when TACO stopped. `abandoned`: the user
 * dropped it (workflow.abandon); it no longer counts as pending. Resuming needs no record: the
 * new run that starts is the record.
 */
const workflowSchema = z.object({ type: z.literal('workflow'), at: z.number(), runId: z.string().min(1), state: z.literal('abandoned') });

/** Events are checked for their envelope (a known type, a conversation id), then trusted as written by us. */
const eventEnvelopeSchema = z.looseObject({ type: z.enum(eventTypeNames), conversationId: z.string() });

const recordSchema = z.discriminatedUnion('type', [
  headerSchema,
  z.object({ type: z.literal('event'), at: z.number(), event: eventEnvelopeSchema }),
  z.object({ type: z.literal('meta'), at: z.number(), patch: conversationPatchSchema }),
  workflowSchema,
]);

export type HeaderRecord = z.infer<typeof headerSchema>;
export type WorkflowRecord = z.infer<typeof workflowSchema>;
export type TimelineRecord =
  HeaderRecord | { type: 'event'; at: number; event: TacoEvent } | { type: 'meta'; at: number; patch: ConversationPatch } | WorkflowRecord;

/** One line of a timeline, or null when it is not a record we can read. */
export function parseRecord(line: string): TimelineRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  // Event lines are almost every line of a timeline: their envelope is checked by hand (the same
  // check as eventEnvelopeSchema), which is several times faster than a schema that copies them.
  if (isRecordObject(value) && value.type === 'event') return eventRecord(value);
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) return null;
  const record = parsed.data;
  switch (record.type) {
    case 'header':
    case 'meta':
    case 'workflow':
      return record;
    case 'event':
      // The envelope is valid; the rest of the event is as we wrote it.
      return { type: 'event', at: record.at, event: record.event as unknown as TacoEvent };
    default: {
      const unreachable: never = record;
      return unreachable;
    }
  }
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(eventTypeNames);

/** `{type: 'event', at, event}` with a known event type and a conversation id, or null. */
function eventRecord(value: Record<string, unknown>): TimelineRecord | null {
  const { at, event } = value;
  if (typeof at !== 'number' || !isRecordObject(event)) return null;
  if (typeof event.type !== 'string' || !EVENT_TYPE_SET.has(event.type) || typeof event.conversationId !== 'string') return null;
  return { type: 'event', at, event: event as unknown as TacoEvent };
}

export function serializeRecord(record: TimelineRecord): string {
  return JSON.stringify(record);
}

/**
 * Merge consecutive text or thinking deltas of the same run into one, so streamed text takes
 * one line per flush instead of one per token.
 */
export function coalesceDeltas(events: readonly TacoEvent[]): TacoEvent[] {
  const out: TacoEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (
      last &&
      (event.type === 'text-delta' || event.type === 'thinking-delta') &&
      last.type === event.type &&
      last.runId === event.runId &&
      last.conversationId === event.conversationId
    ) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else {
      out.push(event);
    }
  }
  return out;
}
