import { ProviderError } from './provider-types';
import { providerMessages } from './provider-messages';
import { isMalformedToolCall } from './malformed-tool-call';
import { isToolsRefused } from './tools-refused';

/*
 * The one owner of provider failures: what ollama-js or fetch threw becomes a ProviderError
 * (`toProviderError`), and a ProviderError becomes what the user reads — the text of a
 * `provider_error` stop, a failure message, or the answer of models.list.
 */

export interface ErrorContext {
  host: string;
  /** The model the call was about, for "not installed" messages. */
  model: string | null;
  /** The caller's signal: when it aborted, the failure is an abort whatever the error says. */
  signal?: AbortSignal;
  timedOut: boolean;
  timeoutMs?: number;
  /** `request`: before or while reading a whole response; `stream`: while reading a streamed body. */
  phase: 'request' | 'stream';
}

/** Ollama's answer when the runner may not cut the prompt (llm/llama_server.go completionPrompt, HTTP 400). */
const PROMPT_TOO_LONG = /prompt is longer than the context length/i;

/** ollama-js's end-of-stream complaint when no `done` chunk arrived. */
const NO_DONE = 'Did not receive done or success response in stream';

interface ResponseErrorLike {
  message: string;
  status_code: number;
}

function isResponseError(error: unknown): error is ResponseErrorLike & Error {
  return error instanceof Error && error.name === 'ResponseError' && typeof (error as Partial<ResponseErrorLike>).status_code === 'number';
}

function causeCode(error: Error): string | null {
  const cause: unknown = error.cause;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') return cause.code;
  const own: unknown = (error as Error & { code?: unknown }).code;
  return typeof own === 'string' ? own : null;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Maps anything ollama-js or fetch throws to a ProviderError with words for the user. */
export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const { host } = context;
  const make = (kind: ProviderError['kind'], message: string, status: number | null = null): ProviderError =>
    new ProviderError(kind, message, host, status);

  if (context.signal?.aborted) return make('aborted', providerMessages.aborted());
  if (context.timedOut) return make('unreachable', providerMessages.timedOut(host, context.timeoutMs ?? 0));
  if (isResponseError(error)) {
    if (error.status_code === 401 || error.status_code === 403)
      return make('ollama-error', providerMessages.unauthorized(host, error.status_code), error.status_code);
    // gin's own "404 page not found" means the route is missing (not Ollama, or too old), not the model.
    if (error.status_code === 404 && context.model !== null && /not found/i.test(error.message) && !/page not found/i.test(error.message)) {
      return make('model-not-found', providerMessages.modelNotFound(context.model), 404);
    }
    if ((error.status_code === 400 || error.status_code === 500) && isToolsRefused(error.message))
      return make('tools-refused', providerMessages.toolsRefused(error.message), error.status_code);
    if (error.status_code === 400 && PROMPT_TOO_LONG.test(error.message))
      return make('ollama-error', providerMessages.promptTooLong(error.message), 400);
    // Ollama answers 500 when the parser failed on a call before anything streamed (server/routes.go streamResponse).
    if (error.status_code === 500 && isMalformedToolCall(error.message))
      return make('malformed-tool-call', providerMessages.malformedToolCall(error.message), 500);
    return make('ollama-error', providerMessages.httpError(error.status_code, error.message), error.status_code);
  }
  if (!(error instanceof Error)) return make('ollama-error', providerMessages.requestError(String(error)));
  if (error.name === 'AbortError') return make('aborted', providerMessages.aborted());

  const code = causeCode(error);
  if (code === 'ERR_INVALID_URL') return make('unreachable', providerMessages.invalidHost(host));
  if (error.message.startsWith(NO_DONE)) return make('incomplete-stream', providerMessages.incompleteStream());
  // Connected, then the socket closed before any answer: the reply ended early, Ollama is there.
  if (error instanceof TypeError && error.message === 'fetch failed' && code === 'UND_ERR_SOCKET') {
    return make('incomplete-stream', providerMessages.incompleteStream());
  }
  if (
    error instanceof TypeError &&
    (error.message === 'fetch failed' || (code !== null && CONNECTION_CODES.has(code) && context.phase === 'request'))
  ) {
    return make('unreachable', providerMessages.unreachable(host));
  }
  // The body stopped mid-way: undici's "terminated", or a whole-JSON answer cut short.
  if (error instanceof TypeError || error instanceof SyntaxError) return make('incomplete-stream', providerMessages.incompleteStream());
  // ollama-js turns a streamed {"error": ...} line into a plain Error with Ollama's text.
  if (context.phase === 'stream') {
    if (isMalformedToolCall(error.message)) return make('malformed-tool-call', providerMessages.malformedToolCall(error.message));
    return make('ollama-error', providerMessages.streamError(error.message));
  }
  return make('ollama-error', providerMessages.requestError(error.message));
}

const HAS_ADVICE = /\b(check|try|start|run|install|pull|make sure|open|restart|choose|pick|set)\b/i;

/**
 * The error text shown with a `provider_error` stop: the provider's message (it already says what
 * happened), plus what to do when the message does not say so itself.
 */
export function providerErrorText(error: unknown): string {
  if (error instanceof ProviderError) {
    const message = error.message.trim() || 'The model server returned an error.';
    return HAS_ADVICE.test(message) ? message : `${message} ${adviceFor(error)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Talking to the model failed: ${message}. Try again; if it keeps failing, check that the model server is running and up to date.`;
}

function adviceFor(error: ProviderError): string {
  switch (error.kind) {
    case 'unreachable':
      return `Check that the model server is running at ${error.host}, or set the right address in Settings.`;
    case 'model-not-found':
      return 'Install the model on its server, or pick another model.';
    case 'ollama-error':
    case 'malformed-tool-call':
    case 'tools-refused':
    case 'tool-schema-refused':
      return "Try again; if it keeps failing, check the model server's logs.";
    case 'context-changed':
      return 'Send the message again: TACO now plans with the context the server has.';
    case 'incomplete-stream':
      return 'The answer was cut off. Try again; if it keeps happening, restart the model server.';
    case 'aborted':
      return 'Try again.';
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = error.kind;
      return String(unreachable);
    }
  }
}

/** A failed provider call in the provider's own words (they already say what to do). */
export function providerFailureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ProbeFailure {
  type: 'unreachable' | 'error';
  host: string;
  message: string;
}

/**
 * A probe of Ollama (models.list, ollama.test) that failed: unreachable when Ollama is not there
 * (or stayed silent: `silent` says so in the probe's words), else its error in its own words;
 * anything not from the provider is described by `unknown`.
 */
export function probeFailure(error: unknown, host: string, words: { silent?: string; unknown: (detail: string) => string }): ProbeFailure {
  if (!(error instanceof ProviderError)) return { type: 'error', host, message: words.unknown(providerFailureMessage(error)) };
  switch (error.kind) {
    case 'unreachable':
      return { type: 'unreachable', host, message: error.message };
    case 'aborted':
      return { type: 'unreachable', host, message: words.silent ?? error.message };
    case 'model-not-found':
    case 'ollama-error':
    case 'malformed-tool-call':
    case 'tools-refused':
    case 'tool-schema-refused':
    case 'context-changed':
    case 'incomplete-stream':
      return { type: 'error', host, message: error.message };
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = error.kind;
      return { type: 'error', host, message: String(unreachable) };
    }
  }
}
