import { ProviderError, type ChatProvider, type ChatStepRequest, type CompleteRequest, type ProviderChunk } from './provider-types';

/**
 * Side requests (titles, status sentences, the context-switch check) never go in front of a step.
 * A local server often has one slot per model (OLLAMA_NUM_PARALLEL=1; ollama #14662: a title
 * request delayed the next reply by 30–60 s), and a side request to the same model also replaces
 * the slot's cached prompt. So, per model:
 * - a side request asked while a step streams waits until no step of that model is streaming;
 * - a step that starts while side requests of its model run ends them (they fail as aborted, and
 *   their callers fall back: the title from the user's words, no status sentence, the reply taken
 *   as an answer), so the step has the slot at once.
 * Steps are never held: the scheduler only ever makes side requests wait or give up.
 */
export function scheduleSideRequests(provider: ChatProvider): ChatProvider {
  const models = new Map<string, ModelSlot>();
  const slotOf = (model: string): ModelSlot => {
    let slot = models.get(model);
    if (!slot) models.set(model, (slot = { steps: 0, idle: [], running: new Set() }));
    return slot;
  };

  async function* step(request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
    const slot = slotOf(request.model);
    slot.steps += 1;
    for (const side of slot.running) side.abort();
    try {
      yield* provider.streamChat(request);
    } finally {
      slot.steps -= 1;
      if (slot.steps === 0) for (const wake of slot.idle.splice(0)) wake();
    }
  }

  async function complete(request: CompleteRequest): Promise<string> {
    const slot = slotOf(request.model);
    while (slot.steps > 0) await idleOrAborted(slot, request.signal, provider.host);
    const controller = new AbortController();
    const forward = (): void => controller.abort();
    request.signal.addEventListener('abort', forward, { once: true });
    slot.running.add(controller);
    try {
      return await provider.complete({ ...request, signal: controller.signal });
    } finally {
      slot.running.delete(controller);
      request.signal.removeEventListener('abort', forward);
    }
  }

  return {
    host: provider.host,
    listModels: (signal) => provider.listModels(signal),
    capabilities: (model, signal) => provider.capabilities(model, signal),
    streamChat: (request) => step(request),
    complete,
    ...(provider.embed ? { embed: provider.embed.bind(provider) } : {}),
    ...(provider.countPromptTokens ? { countPromptTokens: provider.countPromptTokens.bind(provider) } : {}),
  };
}

interface ModelSlot {
  /** Steps of this model streaming now. */
  steps: number;
  /** Side requests waiting for the steps to end. */
  idle: Array<() => void>;
  /** Side requests running now, ended when a step starts. */
  running: Set<AbortController>;
}

function idleOrAborted(slot: ModelSlot, signal: AbortSignal, host: string): Promise<void> {
  if (signal.aborted) return Promise.reject(new ProviderError('aborted', 'The side request was cancelled.', host));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new ProviderError('aborted', 'The side request was cancelled.', host));
    signal.addEventListener('abort', onAbort, { once: true });
    slot.idle.push(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
