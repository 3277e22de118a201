/**
 * Errors in OpenAI's body shape (`{"error": {"message", "type", "param", "code"}}`), which every
 * OpenAI client reads: the `openai` package turns it into an APIError with `.status` and the
 * message, the AI SDK into an APICallError. The types follow Ollama's own OpenAI layer
 * (ollama/ollama openai/openai.go, NewError): 400 invalid_request_error, 404 not_found_error,
 * anything else api_error; 401/403/413/429 use OpenAI's names.
 */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null } | Readonly<Record<string, unknown>>;
}

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    /** The server's own error object, passed to the client unchanged (llama.cpp's `type`, `n_prompt_tokens`, `n_ctx`). */
    readonly upstream: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
  }
}

export function errorType(status: number): string {
  switch (status) {
    case 400:
    case 413:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 429:
      return 'rate_limit_error';
    default:
      return 'api_error';
  }
}

export function errorBody(error: GatewayError): OpenAiErrorBody {
  if (error.upstream) return { error: error.upstream };
  return { error: { message: error.message, type: errorType(error.status), param: error.param, code: error.code } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The innermost cause's words ("connect ECONNREFUSED 127.0.0.1:11434"), for the client to read. */
function rootCause(error: Error): string {
  let current: unknown = error;
  let words = error.message;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current.message) words = current.message;
    current = current.cause;
  }
  return words;
}

/**
 * Anything a forward threw, as the client should see it: the server's own status and words when
 * it answered (an `openai` APIError, an ollama-js ResponseError; an OpenAI-compatible server's error
 * object is passed through unchanged), 502 with the network cause when
 * it did not, 499-style aborts are not reported (the client is gone).
 */
export function toGatewayError(error: unknown, serverLabel: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (isRecord(error)) {
    // openai APIError: status + the server's parsed error body (no status: a `data: {"error"}` chunk
    // mid-stream); ollama-js ResponseError: status_code + the server's words.
    const status = typeof error.status === 'number' ? error.status : typeof error.status_code === 'number' ? error.status_code : null;
    const midStream = status === null && isRecord(error.error) && typeof error.error.message === 'string';
    if ((status !== null && status >= 400) || midStream) {
      const inner = isRecord(error.error) ? error.error : null;
      const message =
        (inner && typeof inner.message === 'string' ? inner.message : null) ??
        (typeof error.error === 'string' ? error.error : null) ??
        (error instanceof Error ? error.message : 'The model server refused the request.');
      const code = inner && typeof inner.code === 'string' ? inner.code : null;
      // The server's own error object goes to the client as it was sent; the message here names the server for logs.
      const upstream = inner && typeof inner.message === 'string' ? inner : null;
      return new GatewayError(status ?? 502, `${serverLabel}: ${message}`, code, null, upstream);
    }
  }
  if (error instanceof Error) {
    return new GatewayError(502, `TACO could not reach ${serverLabel}: ${rootCause(error)}`, 'upstream_unreachable');
  }
  return new GatewayError(502, `${serverLabel} failed: ${String(error)}`, 'upstream_error');
}
