import { z } from 'zod';
import { chatRequestSchema, type ChatRequest } from './chat-request';
import { GatewayError } from './openai-error';

/**
 * A chat call to TACO's agent: the model, the new user turn (the last user message: its text and
 * any base64 images) and, to continue a stored conversation, `conversation_id`. TACO keeps the
 * history and writes the system prompt (its tools, their categories, its guidance), so a client's
 * earlier messages and system prompt are not sent to the model: the conversation is TACO's.
 */
export const enhancedRequestSchema = chatRequestSchema.extend({
  conversation_id: z.string().min(1).max(200).nullish(),
  /** A new conversation starts with this preset's prompt and options (ignored with conversation_id). */
  system_prompt_id: z.string().min(1).max(64).nullish(),
});

export interface EnhancedTurn {
  model: string;
  text: string;
  images: string[];
  conversationId: string | null;
  presetId: string | null;
  stream: boolean;
  /** `stream_options.include_usage`: the stream ends with a usage chunk (`choices: []`), as OpenAI's does. */
  includeUsage: boolean;
}

function lastUserTurn(request: ChatRequest): { text: string; images: string[] } {
  const message = [...request.messages].reverse().find((candidate) => candidate.role === 'user');
  if (!message)
    throw new GatewayError(400, 'Invalid request: messages must hold a user message for TACO to act on.', 'invalid_request', 'messages');
  const content = message.content;
  if (typeof content === 'string') return { text: content, images: [] };
  const texts: string[] = [];
  const images: string[] = [];
  for (const part of content ?? []) {
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'image_url') {
      const field = part.image_url as { url?: unknown } | string | undefined;
      const url = typeof field === 'string' ? field : field?.url;
      const match = typeof url === 'string' ? /^data:image\/[a-z+]+;base64,(.+)$/.exec(url) : null;
      if (!match?.[1])
        throw new GatewayError(400, 'Images must be base64 data URLs (data:image/png;base64,…).', 'invalid_image', 'messages');
      images.push(match[1]);
    }
  }
  return { text: texts.join('\n'), images };
}

export function parseEnhancedRequest(body: unknown): EnhancedTurn {
  const parsed = enhancedRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join('.') || null;
    throw new GatewayError(
      400,
      `Invalid request: ${param ? `${param}: ` : ''}${issue?.message ?? 'not a chat request'}`,
      'invalid_request',
      param,
    );
  }
  const turn = lastUserTurn(parsed.data);
  return {
    model: parsed.data.model,
    ...turn,
    conversationId: parsed.data.conversation_id ?? null,
    presetId: parsed.data.system_prompt_id ?? null,
    stream: parsed.data.stream === true,
    includeUsage: parsed.data.stream_options?.include_usage === true,
  };
}
