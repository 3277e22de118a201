import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { LocalApiStatus } from '../../../shared/settings/local-api';
import { standardModels, startFakeOllama } from '../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createAppServices } from '../../services/app/app-services';
import type { AppServices } from '../../services/app/app-services-types';
import { callService } from '../../services/app/testing/service-calls';
import { createLocalApiController } from './local-api-controller';

const cleanups = cleanupAfterEach();

async function setUp() {
  const ollama = await startFakeOllama({
    scenario: { name: 'local-api', description: 'Settings → Local API', models: standardModels(), replies: [] },
  });
  cleanups.defer(() => ollama.close());
  const dataDir = cleanups.tempDir('taco-local-api-');
  let services: AppServices | null = null;
  const controller = createLocalApiController({
    dataDir,
    services: () => {
      if (!services) throw new Error('services not ready');
      return services;
    },
  });
  cleanups.defer(() => controller.close());
  services = await createAppServices({ dataDir, ollamaHost: ollama.url, openExternal: async () => undefined, localApi: controller });
  cleanups.defer(() => services?.dispose());
  return { services, controller, dataDir };
}

function ready(status: LocalApiStatus): Extract<LocalApiStatus, { type: 'ready' }> {
  if (status.type !== 'ready') throw new Error(status.message);
  return status;
}

describe('Settings → Local API', () => {
  it('is off by default; on needs a key; the key is shown once, works at once, and a rotation retires the old one', async () => {
    const { services, dataDir } = await setUp();
    expect(ready(await callService<LocalApiStatus>(services, 'localApi.get', {}))).toMatchObject({
      enabled: false,
      hasKey: false,
      url: null,
    });

    const noKey = ready(await callService<LocalApiStatus>(services, 'localApi.set', { enabled: true, port: 0 }));
    expect(noKey).toMatchObject({ enabled: true, url: null, problem: expect.stringContaining('key') });

    const first = await callService<{ key: string; status: LocalApiStatus }>(services, 'localApi.rotateKey', {});
    const url = ready(first.status).url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const ids: string[] = [];
    for await (const model of new OpenAI({ baseURL: url ?? '', apiKey: first.key, maxRetries: 0 }).models.list()) ids.push(model.id);
    expect(ids).toContain('llama3.2:3b');
    // Only the hash is stored; the key is never written.
    expect(readFileSync(join(dataDir, 'local-api.json'), 'utf8')).not.toContain(first.key);

    const second = await callService<{ key: string; status: LocalApiStatus }>(services, 'localApi.rotateKey', {});
    expect(second.key).not.toBe(first.key);
    await expect(new OpenAI({ baseURL: url ?? '', apiKey: first.key, maxRetries: 0 }).models.list()).rejects.toMatchObject({ status: 401 });

    const off = ready(await callService<LocalApiStatus>(services, 'localApi.set', { enabled: false }));
    expect(off).toMatchObject({ enabled: false, url: null });
    await expect(fetch(`${url}/models`)).rejects.toThrow();
  });

  it('refuses a port outside 1024–65535 (0 means any free port)', async () => {
    const { services } = await setUp();
    const answer = await services.handle('localApi.set', { port: 80 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });
});
