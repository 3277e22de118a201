import { z } from 'zod';
import { TOOL_ERROR_ENDINGS, type TacoEvent } from '../../../../shared/contract/events';
import type { JsonObject, JsonValue } from '../../../../shared/contract/json';
import { knowledgePassageSchema } from '../../../../shared/knowledge/knowledge';
import { RISKS } from '../../../../shared/settings/settings';
import { STOP_REASONS } from '../../../../shared/conversations/stop-reason';
import { TOOL_TYPES } from '../../../../shared/tools/tool-info';
import { WORKFLOW_FINISH_REASONS } from '../../../../shared/workflows/workflow';

/**
 * Events a timeline stores (`conversation-updated` is a notification; its durable form is the meta
 * record; `tool-progress` is live only: the result that follows is what stays).
 */
export type StoredEvent = Exclude<TacoEvent, { type: 'conversation-updated' | 'tool-progress' }>;

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);
const jsonObject: z.ZodType<JsonObject> = z.record(z.string(), jsonValue);

const text = z.string();
const id = z.string().min(1).max(200);
const time = z.number().finite();
const count = z.number().int().min(0);
const conversationScoped = { conversationId: id };
const runScoped = { runId: id, conversationId: id };

const frame = z
  .object({
    frameId: id,
    parentFrameId: id.nullable(),
    tool: text,
    callId: text,
    state: z.enum(['running', 'waiting-approval', 'waiting-user', 'waiting-tool', 'done', 'failed']),
    waitingFor: text.nullable(),
    startedAt: time,
  })
  .strict();

/**
 * Every stored event, field by field, strictly (no unknown fields). Used where events come from
 * outside TACO (an imported file), never trusted as written.
 */
export const storedEventSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('user-message'),
      ...conversationScoped,
      messageId: id,
      text,
      at: time,
      images: z.array(z.string().min(1)).optional(),
      resources: z
        .array(z.object({ server: text, uri: text, name: text, mimeType: text.nullable(), text, truncated: z.boolean() }).strict())
        .optional(),
    })
    .strict(),
  z.object({ type: z.literal('command-output'), ...conversationScoped, command: text, output: text, at: time }).strict(),
  z.object({ type: z.literal('timeline-rewound'), ...conversationScoped, fromMessageId: id, messageId: id.optional(), at: time }).strict(),
  z.object({ type: z.literal('branch-selected'), ...conversationScoped, messageId: id, at: time }).strict(),
  z.object({ type: z.literal('run-start'), ...runScoped, model: text, goal: text, startedAt: time }).strict(),
  z.object({ type: z.literal('text-delta'), ...runScoped, text }).strict(),
  z.object({ type: z.literal('thinking-delta'), ...runScoped, text }).strict(),
  z.object({ type: z.literal('status'), ...runScoped, text }).strict(),
  z
    .object({
      type: z.literal('tool-call'),
      ...runScoped,
      callId: id,
      tool: text,
      toolType: z.enum(TOOL_TYPES).nullable(),
      args: jsonObject,
      frameId: id.nullable(),
      delegateFrameId: id.optional(),
      at: time,
    })
    .strict(),
  z
    .object({
      type: z.literal('tool-result'),
      ...runScoped,
      callId: id,
      tool: text,
      result: text,
      truncated: z.boolean(),
      durationMs: count,
      images: z.array(z.string().min(1)).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('tool-error'),
      ...runScoped,
      callId: id,
      tool: text,
      error: text,
      durationMs: count,
      ending: z.enum(TOOL_ERROR_ENDINGS).optional(),
    })
    .strict(),
  z.object({ type: z.literal('stack'), ...runScoped, frames: z.array(frame), depthLimit: count }).strict(),
  z
    .object({
      type: z.literal('approval-request'),
      ...runScoped,
      approvalId: id,
      callId: id,
      tool: text,
      args: jsonObject,
      risk: z.enum(RISKS),
      preview: text.nullable(),
      scope: text.nullable().optional(),
      alwaysAllow: z.boolean().optional(),
      warning: text.nullable().optional(),
      sandbox: z.object({ sandboxed: z.boolean(), text }).strict().optional(),
      expiresAt: time,
      batch: z.object({ batchId: id, index: count, size: count }).strict().optional(),
      fromApp: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('approval-resolved'),
      ...runScoped,
      approvalId: id,
      decision: z.enum(['allow-once', 'allow-conversation', 'allow-tool', 'deny', 'timeout']),
    })
    .strict(),
  z.object({ type: z.literal('depth-limit'), ...runScoped, depth: count, limit: count, frames: z.array(frame) }).strict(),
  z.object({ type: z.literal('depth-resolved'), ...runScoped, decision: z.enum(['continue', 'cancel']), limit: count }).strict(),
  z.object({ type: z.literal('question'), ...runScoped, questionId: id, callId: id, question: text }).strict(),
  z.object({ type: z.literal('question-answered'), ...runScoped, questionId: id, answer: text }).strict(),
  z
    .object({
      type: z.literal('usage'),
      ...runScoped,
      promptTokens: count,
      completionTokens: count,
      tokensPerSecond: z.number().finite().min(0).nullable(),
      contextTokens: count,
      contextTruncated: z.boolean(),
      truncated: z.literal(true).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('tools-offered'),
      ...runScoped,
      offered: z.array(text),
      total: count,
      narrowed: z.boolean(),
      ranker: z.enum(['lexical', 'embedding']),
    })
    .strict(),
  z
    .object({
      type: z.literal('memories-recalled'),
      ...runScoped,
      memories: z.array(z.object({ memoryId: id, text, projectId: id.nullable() }).strict()),
    })
    .strict(),
  z.object({ type: z.literal('knowledge-used'), ...runScoped, passages: z.array(knowledgePassageSchema) }).strict(),
  z
    .object({ type: z.literal('run-finish'), ...runScoped, reason: z.enum(STOP_REASONS), message: text, error: text.nullable(), at: time })
    .strict(),
  z
    .object({
      type: z.literal('workflow-start'),
      ...runScoped,
      workflowId: id,
      name: text,
      params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      steps: z.array(z.object({ index: count, stepType: z.enum(['prompt', 'tool', 'confirm']), title: text }).strict()),
      at: time,
    })
    .strict(),
  z
    .object({
      type: z.literal('workflow-step'),
      ...runScoped,
      index: count,
      stepType: z.enum(['prompt', 'tool', 'confirm']),
      state: z.enum(['running', 'done', 'failed', 'skipped']),
      summary: text.nullable(),
      at: time,
    })
    .strict(),
  z.object({ type: z.literal('workflow-confirm'), ...runScoped, confirmId: id, index: count, message: text }).strict(),
  z.object({ type: z.literal('workflow-confirmed'), ...runScoped, confirmId: id, accepted: z.boolean() }).strict(),
  z
    .object({
      type: z.literal('workflow-finish'),
      ...runScoped,
      workflowId: id,
      reason: z.enum(WORKFLOW_FINISH_REASONS),
      message: text,
      at: time,
    })
    .strict(),
]);

/**
 * Compile-time check: the schema describes exactly the stored events, every type and every field
 * (optional ones included): a new event type or field must be added here.
 */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Parsed = z.infer<typeof storedEventSchema>;
type FieldsMatch = { [T in StoredEvent['type']]: Exact<keyof Extract<Parsed, { type: T }>, keyof Extract<StoredEvent, { type: T }>> };
const schemaMatchesEvents: Exact<Parsed, StoredEvent> = true;
const fieldsMatch: FieldsMatch[StoredEvent['type']] extends true ? true : false = true;
void schemaMatchesEvents;
void fieldsMatch;
