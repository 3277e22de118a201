import { z } from 'zod';
import { DEFAULTS } from './constants';
import type { ConversationSnapshot, ConversationSummary } from './conversation';
import type { TacoEvent } from './events';
import type { ModelListResult } from './models';
import { settingsPatchSchema, type Settings } from './settings';
import type { ToolInfo } from './tool-info';

/**
 * The one contract between the renderer and main. Every call is a line here: the zod schema of
 * what the renderer may send (validated in main before any handler runs) and, in CallResponses,
 * what comes back. Both transports (Electron IPC and the web host's WebSocket) carry exactly this.
 */
const id = z.string().trim().min(1).max(128);
const empty = z.object({}).strict();

export const callRequestSchemas = {
  'models.list': empty,
  'chat.send': z
    .object({
      /** null starts a new conversation. */
      conversationId: id.nullable(),
      text: z.string().max(DEFAULTS.maxMessageChars),
      model: z.string().trim().min(1).max(200),
    })
    .strict(),
  /** Start a new run in the conversation with the same goal as its last one. */
  'chat.continue': z.object({ conversationId: id, model: z.string().trim().min(1).max(200) }).strict(),
  'run.cancel': z.object({ runId: id }).strict(),
  'settings.get': empty,
  'settings.set': settingsPatchSchema,
  'approval.respond': z.object({ approvalId: id, decision: z.enum(['allow-once', 'allow-conversation', 'deny']) }).strict(),
  'depth.respond': z.object({ runId: id, decision: z.enum(['continue', 'cancel']) }).strict(),
  'question.answer': z.object({ questionId: id, answer: z.string().max(DEFAULTS.maxMessageChars) }).strict(),
  'tools.list': empty,
  'conversations.list': empty,
  'conversation.get': z.object({ conversationId: id }).strict(),
  'app.openExternal': z.object({ url: z.string().max(8192) }).strict(),
} as const;

export type CallName = keyof typeof callRequestSchemas;
export const CALL_NAMES = Object.keys(callRequestSchemas) as CallName[];

export type SendResult =
  | { type: 'run'; runId: string; conversationId: string }
  | { type: 'command'; conversationId: string; command: string; output: string };

export interface CallResponses {
  'models.list': ModelListResult;
  'chat.send': SendResult;
  'chat.continue': SendResult;
  'run.cancel': { cancelled: boolean };
  'settings.get': Settings;
  'settings.set': Settings;
  'approval.respond': { accepted: boolean; message: string | null };
  'depth.respond': { accepted: boolean };
  'question.answer': { accepted: boolean };
  'tools.list': ToolInfo[];
  'conversations.list': ConversationSummary[];
  'conversation.get': ConversationSnapshot;
  'app.openExternal': { opened: boolean; message: string | null };
}

/** Compile-time check that every call has a response type and no response lacks a call. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractIsComplete: Exact<keyof CallResponses, CallName> = true;
void contractIsComplete;

export type CallRequest<K extends CallName> = z.input<(typeof callRequestSchemas)[K]>;
export type ValidCallRequest<K extends CallName> = z.output<(typeof callRequestSchemas)[K]>;
export type CallResponse<K extends CallName> = CallResponses[K];

/** Events main pushes to the renderer. Deltas are coalesced into batches (one per frame). */
export interface EventPayloads {
  'taco-events': TacoEvent[];
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: EventName[] = ['taco-events'];

/** The API the renderer sees, whatever the transport. */
export interface TacoApi {
  call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

export function isCallName(value: unknown): value is CallName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(callRequestSchemas, value);
}
