import { ProviderError, type ChatProvider, type ProviderChunk } from '../provider/provider-types';
import type { ChatRequest } from './chat-request';
import { toBuiltInStep } from './built-in-request';
import { builtInCompletion, builtInStreamChunks, newBuiltInStreamState } from './built-in-response';
import { GatewayError } from './openai-error';
import { serverLabel, type ForwardAnswer, type ForwardOptions, type ForwardTarget } from './forward-types';

/**
 * A chat completions request to TACO's built-in engine, through the app's own provider for that
 * server (the ChatProvider contract: the same loaded model, one step at a time with the app's own
 * runs). The request becomes one step (built-in-request.ts) and its chunks OpenAI's
 * (built-in-response.ts); a client that goes away aborts the step.
 */
export async function forwardToBuiltIn(target: ForwardTarget, request: ChatRequest, options: ForwardOptions): Promise<ForwardAnswer> {
  if (!options.providerFor)
    throw new GatewayError(
      501,
      `The model “${request.model}” runs in TACO's built-in engine, which this API host cannot reach.`,
      'model_not_supported',
      'model',
    );
  const provider: ChatProvider = options.providerFor(target.server);
  const step = toBuiltInStep(request, target.model, options.signal);
  const label = serverLabel(target.server);
  const parts = provider.streamChat(step)[Symbol.asyncIterator]();
  // The first chunk before answering: a model that cannot load is an HTTP error, not a broken stream.
  const first = await next(parts, label);
  if (request.stream !== true) {
    const all: ProviderChunk[] = [];
    for (let part = first; part !== null; part = await next(parts, label)) all.push(part);
    return { type: 'json', body: builtInCompletion(target.ref, all) };
  }
  const state = newBuiltInStreamState(target.ref, request.stream_options?.include_usage === true);
  async function* chunks(): AsyncGenerator<unknown, void, undefined> {
    let done = false;
    try {
      for (let part = first; part !== null; part = await next(parts, label)) {
        yield* builtInStreamChunks(state, part);
        if (part.type === 'done') done = true;
      }
    } finally {
      if (!done) await parts.return?.();
    }
  }
  return { type: 'stream', chunks: chunks() };
}

async function next(parts: AsyncIterator<ProviderChunk>, label: string): Promise<ProviderChunk | null> {
  try {
    const result = await parts.next();
    return result.done ? null : result.value;
  } catch (error) {
    throw builtInError(error, label);
  }
}

/** A provider failure as the client reads it: a missing model 404, a prompt over the context 400, the rest 502, in the engine's words. */
export function builtInError(error: unknown, label: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof ProviderError) {
    if (error.kind === 'model-not-found') return new GatewayError(404, `${label}: ${error.message}`, 'model_not_found', 'model');
    if (error.detail?.type === 'cut' && error.detail.contextFull && error.detail.completionTokens === 0)
      return new GatewayError(400, `${label}: ${error.message}`, 'context_length_exceeded', 'messages');
    return new GatewayError(502, `${label}: ${error.message}`, 'model_server_error');
  }
  return new GatewayError(502, `${label} failed: ${error instanceof Error ? error.message : String(error)}`, 'model_server_error');
}
