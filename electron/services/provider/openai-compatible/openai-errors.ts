import { answerTooLarge } from './capped-answers';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ProviderError } from '../provider-types';
import { errorCode } from '../error-code';
import { openAiMessages } from './openai-messages';
import { isToolsRefused } from '../tools-refused';
import { isBadHistoryToolCall, isMalformedToolCall } from '../malformed-tool-call';

export { errorCode } from '../error-code';

export interface OpenAiErrorContext {
  host: string;
  model: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  phase: 'request' | 'stream';
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_)/;
/**
 * Every wording of "the prompt does not fit" seen from real servers: vLLM "This model's maximum
 * context length is …" and "The decoder prompt (length N) is longer than the maximum model length
 * of M" (v1 engine processor), llama.cpp "the request exceeds the available context size"
 * (exceed_context_size_error) and older "Input prompt is too big compared to KV size".
 */
const CONTEXT_LENGTH =
  /context[ _-]?(length|size|window)|maximum context|maximum model length|exceed_context|context_length_exceeded|too many tokens|compared to KV size/i;

/** llama.cpp's router: "model 'nope' not found"; OpenAI: "The model `x` does not exist". */
export const MODEL_NOT_FOUND = /model\b.*\bnot found|model_not_found/i;
/** llama.cpp's router started with --no-models-autoload: HTTP 400 "model is not loaded" for a model it has but has not loaded. */
export const MODEL_NOT_LOADED = /model\b.*\bnot loaded/i;

function deepestMessage(error: unknown): string {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    message = current.message || message;
    current = current.cause;
  }
  return message;
}

/** The server's own words from an OpenAI error body ({error: {message}}, {message}, or a string). */
export function serverDetail(error: APIError): string {
  const body: unknown = error.error;
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null) {
    const record = body as { message?: unknown; error?: unknown };
    if (typeof record.message === 'string') return record.message;
    if (typeof record.error === 'string') return record.error;
    if (typeof record.error === 'object' && record.error !== null && typeof (record.error as { message?: unknown }).message === 'string')
      return (record.error as { message: string }).message;
  }
  return error.message.replace(/^\d{3}\s+/, '');
}

export function isContextLengthError(error: unknown): boolean {
  return (
    error instanceof APIError &&
    (error.status === 400 || error.status === 413 || error.status === undefined) &&
    CONTEXT_LENGTH.test(serverDetail(error))
  );
}

/** A connection failure in words: DNS, refused, TLS, timeout, or plain unreachable. */
export function connectionProviderError(error: unknown, host: string, timeoutMs?: number): ProviderError {
  if (error instanceof APIConnectionTimeoutError)
    return new ProviderError('unreachable', openAiMessages.timedOut(host, timeoutMs ?? 0), host);
  const code = errorCode(error) ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ProviderError('unreachable', openAiMessages.dns(host), host);
  if (code === 'ECONNREFUSED') return new ProviderError('unreachable', openAiMessages.refused(host), host);
  if (TLS_CODE.test(code)) return new ProviderError('unreachable', openAiMessages.tls(host, `${code}: ${deepestMessage(error)}`), host);
  if (code === 'ERR_INVALID_URL') return new ProviderError('unreachable', openAiMessages.unreachable(host), host);
  return new ProviderError('unreachable', openAiMessages.unreachable(host), host);
}

/** Maps anything the openai client throws to a ProviderError with words for the user. */
export function toOpenAiProviderError(error: unknown, context: OpenAiErrorContext): ProviderError {
  const { host } = context;
  const make = (kind: ProviderError['kind'], message: string, status: number | null = null): ProviderError =>
    new ProviderError(kind, message, host, status);
  // The client ends an aborted stream quietly: whatever came after the abort, it was a stop.
  if (context.signal?.aborted || error instanceof APIUserAbortError) return make('aborted', openAiMessages.aborted());
  if (error instanceof ProviderError) return error;
  const large = answerTooLarge(error);
  if (large) return make('ollama-error', large.message);
  if (error instanceof APIConnectionError) {
    // A socket that closed after the answer began is an early end, not an unreachable server.
    if (context.phase === 'stream') return make('incomplete-stream', openAiMessages.incompleteStream());
    return connectionProviderError(error, host, context.timeoutMs);
  }
  if (error instanceof APIError) {
    const status = error.status ?? null;
    const detail = serverDetail(error);
    if (isContextLengthError(error)) return make('ollama-error', openAiMessages.contextLength(detail), status);
    if ((status === 400 || status === 422 || status === 500) && isToolsRefused(detail))
      return make('tools-refused', openAiMessages.toolsRefused(host, detail), status);
    // llama.cpp could not read the model's tool call (peg-native format): the model may try again.
    if ((status === null || status === 500) && isMalformedToolCall(detail))
      return make('malformed-tool-call', openAiMessages.malformedToolCall(detail), status);
    if ((status === null || status === 500) && isBadHistoryToolCall(detail))
      return make('ollama-error', openAiMessages.badHistoryToolCall(host, detail), status);
    if ((status === 400 || status === 404 || status === 503) && MODEL_NOT_LOADED.test(detail))
      return make('ollama-error', openAiMessages.modelNotLoaded(host, context.model), status);
    // llama.cpp's router (--models-dir): HTTP 400 "model 'x' not found".
    if ((status === 400 || status === 404) && context.model !== null && MODEL_NOT_FOUND.test(detail))
      return make('model-not-found', openAiMessages.modelNotFound(host, context.model), status);
    if (status === null) return make('ollama-error', openAiMessages.streamError(detail));
    if (status === 401 || status === 403) return make('ollama-error', openAiMessages.unauthorized(host, status), status);
    if (status === 404) {
      const aboutModel = context.model !== null && (/model/i.test(detail) || error.code === 'model_not_found');
      return aboutModel
        ? make('model-not-found', openAiMessages.modelNotFound(host, context.model ?? ''), 404)
        : make('ollama-error', openAiMessages.notOpenAi(host), 404);
    }
    return make('ollama-error', openAiMessages.httpError(host, status, detail), status);
  }
  if (error instanceof Error && error.name === 'AbortError') return make('aborted', openAiMessages.aborted());
  if (error instanceof Error) {
    if (context.phase === 'stream') return make('incomplete-stream', openAiMessages.incompleteStream());
    return make('ollama-error', openAiMessages.requestError(error.message));
  }
  return make('ollama-error', openAiMessages.requestError(String(error)));
}
