import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callRequestSchemas } from '../../../../shared/contract/contract';
import type { DownloadView } from '../../../../shared/engine/model-library';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createCallRouter, type CallHandlers } from '../../app/call-router';
import { nodeDownloadFiles } from './download-files';
import { createEngineLibrary } from './engine-library';
import { engineLibraryHandlers } from './library-handlers';
import { minimalGguf } from './testing/minimal-gguf';
import { startFakeModelHost } from './testing/fake-model-host';

const cleanups = cleanupAfterEach();
const GB = 1_000_000_000;
const MODEL = minimalGguf({ layers: 24, kvHeads: 2, heads: 14, embedding: 896, context: 32768, padTo: 50_000 });

async function library() {
  const host = await startFakeModelHost(MODEL);
  cleanups.defer(() => host.close());
  const folder = cleanups.tempDir('engine-library-');
  const events: DownloadView[] = [];
  const used: string[] = [];
  let finished: (() => void) | null = null;
  const waiters: Array<{ match: (view: DownloadView) => boolean; resolve: () => void }> = [];
  const lib = createEngineLibrary({
    folder,
    baseUrl: new URL(host.url).origin,
    files: { ...nodeDownloadFiles, freeBytes: async () => 100 * GB },
    machine: () => ({ totalRamBytes: 16 * GB, freeRamBytes: 8 * GB, vramBytes: null }),
    progressIntervalMs: 0,
    emit: (view) => {
      events.push(view);
      if (view.state === 'done' || view.state === 'failed') finished?.();
      for (const waiter of waiters.filter((w) => w.match(view))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    use: async (path) => {
      used.push(path);
      return { model: `built-in::${path}` };
    },
  });
  const whenFinished = () => new Promise<void>((resolve) => (finished = resolve));
  const whenEvent = (match: (view: DownloadView) => boolean) => new Promise<void>((resolve) => waiters.push({ match, resolve }));
  return { lib, folder, host, events, used, whenFinished, whenEvent };
}

describe('the engine library', () => {
  it('lists the catalogue with a fit label for each model and suggests one that fits', async () => {
    const { lib } = await library();
    const view = await lib.list();
    expect(view.catalogue.length).toBeGreaterThan(5);
    for (const item of view.catalogue) expect(['fits', 'may-be-slow', 'wont-fit']).toContain(item.fit.label);
    const suggested = view.catalogue.find((item) => item.entry.id === view.suggestedId);
    expect(suggested?.fit.label).toBe('fits');
  });

  it('downloads a catalogue model, lists it as on disk with the facts read from its header, and uses it', async () => {
    const { lib, folder, whenFinished, used } = await library();
    const done = whenFinished();
    await lib.download('qwen2.5-0.5b-instruct-q4_k_m');
    await done;
    const view = await lib.list();
    expect(view.local).toHaveLength(1);
    const model = view.local[0]!;
    expect(model).toMatchObject({ source: 'downloaded', catalogueId: 'qwen2.5-0.5b-instruct-q4_k_m', sizeBytes: MODEL.length });
    expect(model.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(model.architecture).toEqual({ layers: 24, kvHeads: 2, headDim: 64, contextLength: 32768 });
    expect(model.path.startsWith(folder)).toBe(true);
    expect(view.catalogue.find((item) => item.entry.id === model.catalogueId)?.localModelId).toBe(model.modelId);
    expect(await lib.use(model.modelId)).toEqual({ model: `built-in::${model.path}` });
    expect(used).toEqual([model.path]);
    expect(await lib.remove(model.modelId)).toEqual({ removed: true });
    expect(existsSync(model.path)).toBe(false);
  });

  it('adds a GGUF file from where it is, refuses one that is not GGUF, and never deletes an added file', async () => {
    const { lib } = await library();
    const dir = cleanups.tempDir('added-');
    const good = join(dir, 'mine.gguf');
    writeFileSync(good, MODEL);
    const added = await lib.addFile(good);
    expect(added).toMatchObject({ source: 'added', path: good, name: 'mine', sha256: null });
    expect(added.fit?.label).toBe('fits');
    const html = join(dir, 'page.gguf');
    writeFileSync(html, '<!doctype html>');
    await expect(lib.addFile(html)).rejects.toThrow(/not a GGUF/);
    await expect(lib.addFile(join(dir, 'missing.gguf'))).rejects.toThrow(/no model file/);
    await expect(lib.addFile('relative.gguf')).rejects.toThrow(/full path/);
    await expect(lib.addFile(join(dir, 'notes.txt'))).rejects.toThrow(/\.gguf/);
    expect((await lib.list()).local.map((model) => model.path)).toEqual([good]);
    await lib.remove(added.modelId);
    expect(existsSync(good)).toBe(true);
    expect((await lib.list()).local).toEqual([]);
  });

  it('cancel removes the partial file and the download', async () => {
    const { lib, host, folder, whenEvent } = await library();
    host.behave({ type: 'hold', afterBytes: 20_000 });
    const reached = whenEvent((e) => e.receivedBytes >= 20_000);
    const { downloadId } = await lib.download('qwen2.5-0.5b-instruct-q4_k_m');
    await reached;
    expect(existsSync(join(folder, 'qwen2.5-0.5b-instruct-q4_k_m.gguf.part'))).toBe(true);
    expect((await lib.cancel(downloadId)).state).toBe('cancelled');
    expect(existsSync(join(folder, 'qwen2.5-0.5b-instruct-q4_k_m.gguf.part'))).toBe(false);
    expect((await lib.list()).downloads).toEqual([]);
  });
});

describe('engineLibrary calls at the boundary', () => {
  it('refuses malformed payloads before any handler runs', async () => {
    const calls: string[] = [];
    const { lib } = await library();
    const handlers = engineLibraryHandlers(lib);
    const spy = Object.fromEntries(
      Object.entries(handlers).map(([name, handler]) => [
        name,
        (request: never) => (calls.push(name), (handler as (r: never) => unknown)(request)),
      ]),
    ) as unknown as CallHandlers;
    const route = createCallRouter(spy);
    const refused = [
      ['engineLibrary.download', { catalogueId: '../../etc/passwd' }],
      ['engineLibrary.download', { catalogueId: 'qwen3-0.6b-q8_0', url: 'https://evil.example' }],
      ['engineLibrary.addFile', { path: '' }],
      ['engineLibrary.addFile', { path: '/tmp/a\0b.gguf' }],
      ['engineLibrary.pause', {}],
      ['engineLibrary.use', { modelId: 7 }],
      ['engineLibrary.list', { extra: true }],
    ] as const;
    for (const [name, payload] of refused) expect((await route(name, payload)).ok, `${name} ${JSON.stringify(payload)}`).toBe(false);
    expect(calls).toEqual([]);
    expect(Object.keys(callRequestSchemas)).toEqual(expect.arrayContaining(Object.keys(handlers)));
    expect(await route('engineLibrary.download', { catalogueId: 'no-such-model' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
