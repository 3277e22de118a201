import { z } from 'zod';
import { GatewayError } from './openai-error';

/**
 * A chat completions request as the gateway checks it: only what it must read (the model, the
 * messages, `stream`) is checked; everything else is kept as the client sent it and forwarded
 * (OpenAI-compatible servers get the body as it is; Ollama gets what Ollama's own OpenAI layer
 * maps, ollama-request.ts).
 */
const toolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const contentPartSchema = z.looseObject({ type: z.string() });

const messageSchema = z.looseObject({
  role: z.string().min(1),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_call_id: z.string().optional(),
  reasoning: z.string().optional(),
  reasoning_content: z.string().optional(),
});

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1, 'model is required'),
  messages: z.array(messageSchema).min(1, 'messages must not be empty'),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  tools: z.array(z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }) })).nullish(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatRequestMessage = z.infer<typeof messageSchema>;
export type ChatRequestToolCall = z.infer<typeof toolCallSchema>;

/** The body as a chat request, or a 400 naming the first field that is wrong. */
export function parseChatRequest(body: unknown): ChatRequest {
  const parsed = chatRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue?.path.join('.') || null;
  throw new GatewayError(
    400,
    `Invalid request: ${param ? `${param}: ` : ''}${issue?.message ?? 'not a chat completions request'}`,
    'invalid_request',
    param,
  );
}
