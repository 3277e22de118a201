import { ProviderError, type ChatProvider, type ChatStepRequest, type ProviderChunk } from '../../provider/provider-types';
import { ChunkQueue } from '../chunk-queue';
import { listEngineModels } from '../engine-model-list';
import type { EngineClient } from './engine-client';
import type { EngineCall, EngineResult, EngineTarget } from './engine-protocol';

/**
 * The built-in engine as main's ChatProvider: every call goes to the engine host (its own
 * process) through `client`; listing the model reads only the file. Same contract as the
 * in-process provider (engine-provider.ts), which is what the engine host runs.
 */
export function createProcessEngineProvider(target: EngineTarget, client: EngineClient): ChatProvider {
  const host = `built-in:${target.engine.modelPath}`;

  async function ask<M extends EngineResult['method']>(
    method: M,
    call: EngineCall,
    signal?: AbortSignal,
    onChunk?: (chunk: ProviderChunk) => void,
  ): Promise<Extract<EngineResult, { method: M }>> {
    const result = await client.call(target, call, { host, ...(signal ? { signal } : {}), ...(onChunk ? { onChunk } : {}) });
    if (result.method !== method)
      throw new ProviderError('ollama-error', `The built-in engine answered ${result.method} to ${method}.`, host);
    return result as Extract<EngineResult, { method: M }>;
  }

  async function* streamChat(request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
    const chunks = new ChunkQueue<ProviderChunk>();
    const { signal, ...rest } = request;
    ask('stream', { method: 'stream', request: rest }, signal, (chunk) => chunks.push(chunk)).then(
      () => chunks.end(),
      (error: unknown) => chunks.fail(error),
    );
    yield* chunks;
  }

  return {
    host,
    listModels: () => listEngineModels(target.engine, host),
    capabilities: async (model, signal) => (await ask('capabilities', { method: 'capabilities', model }, signal)).capabilities,
    streamChat,
    complete: async ({ signal, ...request }) => (await ask('complete', { method: 'complete', request }, signal)).text,
    countPromptTokens: async ({ signal, ...request }) => {
      try {
        return (await ask('countPromptTokens', { method: 'countPromptTokens', request }, signal)).tokens;
      } catch {
        return null;
      }
    },
    embed: async ({ signal, ...request }) => (await ask('embed', { method: 'embed', request }, signal)).vectors,
  };
}
