import type { ChatProvider } from '../../provider/provider-types';
import { ProviderError } from '../../provider/provider-types';
import { engineMessages } from '../engine-messages';
import { toEngineSchema, type EngineCall, type EngineResult, type EngineTarget, type FromEngine } from './engine-protocol';

/** The engine host's side of the channel: messages from main in, messages to main out. */
export interface HostChannel {
  onMessage(listener: (message: unknown) => void): void;
  send(message: FromEngine): void;
  /** Ends the engine host (after `exit`, or when main has gone). */
  exit(): void;
}

export interface EngineHostDeps {
  /** The in-process provider for a target (engine-provider.ts; loaded on first call). */
  providerFor(target: EngineTarget): Promise<ChatProvider>;
  /** Unloads the model before the host exits. */
  unload(): Promise<void>;
}

/**
 * Serves main's calls with the in-process engine provider: one provider per target (the model
 * module keeps one model loaded for all of them), a stream's chunks sent as they come, a cancel
 * aborting the call's own signal. Every failure goes back as an error with words, never a crash.
 */
export function serveEngineHost(channel: HostChannel, deps: EngineHostDeps): void {
  const running = new Map<number, AbortController>();

  channel.onMessage((raw) => {
    const parsed = toEngineSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'cancel') {
      running.get(message.id)?.abort();
      return;
    }
    if (message.type === 'exit') {
      for (const controller of running.values()) controller.abort();
      void deps.unload().finally(() => channel.exit());
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    void answer(message.target, message.call, controller.signal, (chunk) => channel.send({ type: 'chunk', id: message.id, chunk }))
      .then(
        (result) => channel.send({ type: 'result', id: message.id, result }),
        (error: unknown) => channel.send({ type: 'error', id: message.id, error: asWords(error, controller.signal) }),
      )
      .finally(() => running.delete(message.id));
  });

  async function answer(
    target: EngineTarget,
    call: EngineCall,
    signal: AbortSignal,
    chunk: (chunk: Extract<FromEngine, { type: 'chunk' }>['chunk']) => void,
  ): Promise<EngineResult> {
    const provider = await deps.providerFor(target);
    switch (call.method) {
      case 'listModels':
        return { method: 'listModels', models: await provider.listModels(signal) };
      case 'capabilities':
        return { method: 'capabilities', capabilities: await provider.capabilities(call.model, signal) };
      case 'stream':
        for await (const item of provider.streamChat({ ...call.request, signal })) chunk(item);
        return { method: 'stream' };
      case 'complete':
        return { method: 'complete', text: await provider.complete({ ...call.request, signal }) };
      case 'countPromptTokens':
        return { method: 'countPromptTokens', tokens: (await provider.countPromptTokens?.({ ...call.request, signal })) ?? null };
      case 'embed':
        if (!provider.embed)
          throw new ProviderError('ollama-error', engineMessages.failed('this engine makes no embeddings'), provider.host);
        return { method: 'embed', vectors: await provider.embed({ ...call.request, signal }) };
    }
  }
}

function asWords(error: unknown, signal: AbortSignal): Extract<FromEngine, { type: 'error' }>['error'] {
  if (error instanceof ProviderError) return { kind: error.kind, message: error.message, detail: error.detail };
  if (signal.aborted) return { kind: 'aborted', message: 'Stopped.', detail: null };
  return { kind: 'ollama-error', message: engineMessages.failed(error instanceof Error ? error.message : String(error)), detail: null };
}
