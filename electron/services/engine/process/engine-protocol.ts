import { z } from 'zod';
import type { JsonObject, JsonValue } from '../../../../shared/contract/json';
import { engineConfigSchema } from '../../../../shared/models/servers';
import type { ModelCapabilities, ModelInfo } from '../../../../shared/models/models';
import type { ChatMessage, ProviderChunk, ProviderErrorDetail, ProviderErrorKind, ToolDefinition } from '../../provider/provider-types';

/**
 * The messages between main and the engine host (the child process that owns node-llama-cpp).
 * Main sends calls and cancels; the child answers each call by its id with chunks (a stream), one
 * result, or one error. Both sides parse what they receive: the child's output is untrusted in
 * main like any model server's.
 */

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);
const jsonObject = z.record(z.string(), jsonValue) as z.ZodType<JsonObject>;

const toolCall = z.object({
  id: z.string().optional(),
  function: z.object({ name: z.string(), arguments: jsonObject }),
});

const chatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  thinking: z.string().optional(),
  tool_calls: z.array(toolCall).optional(),
  tool_name: z.string().optional(),
  images: z.array(z.string()).optional(),
}) satisfies z.ZodType<ChatMessage>;

const toolDefinition = z.object({
  type: z.literal('function'),
  function: z.object({ name: z.string(), description: z.string(), parameters: jsonObject }),
}) as unknown as z.ZodType<ToolDefinition>;

/** The engine settings and the runtime options (tests and the bench) a call runs with. */
export const engineTargetSchema = z.object({
  serverId: z.string(),
  engine: engineConfigSchema,
  runtime: z
    .object({
      gpu: z.union([z.literal('auto'), z.literal(false)]).optional(),
      memoryBudgetShare: z.number().positive().max(1).optional(),
      seed: z.number().int().optional(),
      maxStepTokens: z.number().int().positive().optional(),
    })
    .strict()
    .optional(),
});
export type EngineTarget = z.infer<typeof engineTargetSchema>;

const streamRequest = z.object({
  model: z.string(),
  messages: z.array(chatMessage),
  tools: z.array(toolDefinition).optional(),
  format: jsonObject.optional(),
  numCtx: z.number().optional(),
  temperature: z.number().optional(),
  keepAlive: z.union([z.string(), z.number()]).optional(),
  think: z.boolean().optional(),
});

/** What main asks of the engine: a ChatProvider method, its arguments without the signal. */
export const engineCallSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('listModels') }),
  z.object({ method: z.literal('capabilities'), model: z.string() }),
  z.object({ method: z.literal('stream'), request: streamRequest }),
  z.object({
    method: z.literal('complete'),
    request: z.object({ model: z.string(), messages: z.array(chatMessage), maxTokens: z.number(), numCtx: z.number().optional() }),
  }),
  z.object({
    method: z.literal('countPromptTokens'),
    request: z.object({ model: z.string(), messages: z.array(chatMessage), tools: z.array(toolDefinition).optional() }),
  }),
  z.object({ method: z.literal('embed'), request: z.object({ model: z.string(), input: z.array(z.string()) }) }),
]);
export type EngineCall = z.infer<typeof engineCallSchema>;

/** Main → engine host. */
export const toEngineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), id: z.number().int(), target: engineTargetSchema, call: engineCallSchema }),
  /** The call's signal aborted: generation stops between tokens and the call ends with an `aborted` error. */
  z.object({ type: z.literal('cancel'), id: z.number().int() }),
  /** Idle for long enough: unload the model and exit. */
  z.object({ type: z.literal('exit') }),
]);
export type ToEngine = z.infer<typeof toEngineSchema>;

const usage = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  evalDurationNs: z.number(),
  totalDurationNs: z.number(),
  doneReason: z.string().nullable(),
  numCtx: z.number(),
});

const providerChunk = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('thinking'), text: z.string() }),
  z.object({ type: z.literal('tool-calls'), calls: z.array(toolCall) }),
  z.object({ type: z.literal('waiting'), text: z.string() }),
  z.object({ type: z.literal('done'), usage }),
]) satisfies z.ZodType<ProviderChunk>;

const modelInfo = z.object({
  name: z.string(),
  sizeBytes: z.number(),
  family: z.string().nullable(),
  parameterSize: z.string().nullable(),
  quantization: z.string().nullable(),
  capabilities: z.array(z.string()).nullable(),
}) satisfies z.ZodType<ModelInfo>;

const capabilities = z.object({
  tools: z.boolean(),
  thinking: z.boolean(),
  vision: z.boolean(),
  contextLength: z.number().nullable(),
}) satisfies z.ZodType<ModelCapabilities>;

/** What a call answers with, by method. */
export const engineResultSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('listModels'), models: z.array(modelInfo) }),
  z.object({ method: z.literal('capabilities'), capabilities }),
  /** The stream's chunks came before; this ends it. */
  z.object({ method: z.literal('stream') }),
  z.object({ method: z.literal('complete'), text: z.string() }),
  z.object({ method: z.literal('countPromptTokens'), tokens: z.number().int().nonnegative().nullable() }),
  z.object({ method: z.literal('embed'), vectors: z.array(z.array(z.number())) }),
]);
export type EngineResult = z.infer<typeof engineResultSchema>;

const errorKind = z.enum([
  'unreachable',
  'model-not-found',
  'ollama-error',
  'malformed-tool-call',
  'tools-refused',
  'incomplete-stream',
  'context-changed',
  'tool-schema-refused',
  'aborted',
]) satisfies z.ZodType<ProviderErrorKind>;

const errorDetail = z.discriminatedUnion('type', [
  z.object({ type: z.literal('context'), contextTokens: z.number() }),
  z.object({
    type: z.literal('tool-schemas'),
    tools: z.array(z.object({ name: z.string(), action: z.enum(['sanitised', 'dropped']) })),
  }),
  z.object({ type: z.literal('cut'), contextFull: z.boolean(), promptTokens: z.number(), completionTokens: z.number() }),
]) satisfies z.ZodType<ProviderErrorDetail>;

/** Engine host → main. */
export const fromEngineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chunk'), id: z.number().int(), chunk: providerChunk }),
  z.object({ type: z.literal('result'), id: z.number().int(), result: engineResultSchema }),
  z.object({
    type: z.literal('error'),
    id: z.number().int(),
    error: z.object({ kind: errorKind, message: z.string().max(20_000), detail: errorDetail.nullable() }),
  }),
]);
export type FromEngine = z.infer<typeof fromEngineSchema>;
