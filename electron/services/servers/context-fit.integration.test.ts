import { describe, expect, it } from 'vitest';
import type { ContextFit } from '../../../shared/models/models';
import { llama32, reply, startFakeOllama } from '../../../test-support/fake-ollama/index';
import type { FakeModel } from '../../../test-support/fake-ollama/scenario-types';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createAppServices } from '../app/app-services';
import { callService } from '../app/testing/service-calls';
import { kvCacheBytes } from '../provider/memory/kv-shape';

const cleanups = cleanupAfterEach();
// The fake's /api/show describes llama 3.2 3B: 28 layers, 8 KV heads, 3072 / 24 = 128 per head.
const SHAPE = { layers: 28, kvHeads: 8, keyLength: 128, valueLength: 128 };

async function fitFor(model: FakeModel, contextTokens: number, ref = model.name): Promise<ContextFit> {
  const ollama = await startFakeOllama({ scenario: { name: 'fit', description: 'fit', models: [model], replies: [reply.text('ok')] } });
  cleanups.defer(() => ollama.close());
  const services = await createAppServices({
    dataDir: cleanups.tempDir('taco-fit-'),
    ollamaHost: ollama.url,
    openExternal: async () => undefined,
  });
  cleanups.defer(() => services.dispose());
  return callService<ContextFit>(services, 'models.contextFit', { model: ref, contextTokens });
}

describe('models.contextFit against a server (/api/show for the shape, /api/ps for what is loaded)', () => {
  it('a model that is not loaded needs its weights plus the cache of the context', async () => {
    const fit = await fitFor(llama32, 8192);
    expect(fit).toMatchObject({ type: 'not-loaded', kvBytes: kvCacheBytes(SHAPE, 8192, 2), weightsBytes: llama32.sizeBytes });
  });

  it('a model all on the GPU with 4096 tokens warns before 32768 would need more, and fits at 2048', async () => {
    const loaded = { ...llama32, loaded: { vramBytes: llama32.sizeBytes ?? 0, contextLength: 4096 } };
    expect(await fitFor(loaded, 32_768)).toMatchObject({ type: 'grows', extraBytes: kvCacheBytes(SHAPE, 32_768 - 4096, 2) });
    expect((await fitFor(loaded, 2048)).type).toBe('fits');
  });

  it('a model half on the CPU says so', async () => {
    const spilled = { ...llama32, loaded: { vramBytes: Math.round((llama32.sizeBytes ?? 0) / 2), contextLength: 4096 } };
    expect(await fitFor(spilled, 4096)).toMatchObject({ type: 'spilled', message: expect.stringContaining('50% on the GPU') });
  });

  it('a model on a server that is gone is unknown with the reason, not an error', async () => {
    const fit = await fitFor(llama32, 4096, 'no-such-box::llama3.2:3b');
    expect(fit).toMatchObject({ type: 'unknown', message: expect.stringContaining('no-such-box') });
  });

  it('refuses a context outside 512..1,048,576 at the boundary', async () => {
    await expect(fitFor(llama32, 100)).rejects.toThrow(/contextTokens/);
  });
});
