import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings/settings';
import { DEFAULTS } from '../../../shared/constants';
import { openAiReply, startFakeOpenAi, type FakeOpenAi } from '../../../test-support/fake-openai/index';
import { createOpenAiCompatibleProvider } from '../provider/openai-compatible/openai-provider';
import { createServerServices } from './server-services';

/*
 * The CLI with --host …/v1 --server-kind openai-compatible and no --model lists the models of its
 * one server. A llama-server still loading answers 503 "Loading model" on every route: listing
 * waits it out (bounded), and a server that does not answer is named by its kind, never "Ollama".
 */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

function servicesFor(baseUrl: string) {
  const settings = { ...defaultSettings(), ollamaHost: baseUrl };
  const provider = createOpenAiCompatibleProvider({ baseUrl, maxContextTokens: 8192, log: () => undefined });
  return createServerServices({
    settings: () => settings,
    localKind: 'openai-compatible',
    local: () => provider,
    createServerProvider: () => provider,
    adminStatus: () => ({ allowed: false, reason: null }),
    listLocal: () => Promise.reject(new Error("the local Ollama's listing was used for an OpenAI-compatible server")),
  });
}

describe('listing the one OpenAI-compatible server', () => {
  it('waits out "Loading model" past the connect timeout and lists the model', { timeout: 60_000 }, async () => {
    // Three 503s: 1 + 2 + 4 seconds of waiting, more than the 5-second connect timeout.
    const waits = DEFAULTS.servers.loadingRetryDelaysMs.slice(0, 3).reduce((sum, delay) => sum + delay, 0);
    expect(waits).toBeGreaterThan(DEFAULTS.ollamaProbeTimeoutMs);
    const fake = await startFakeOpenAi({
      scenario: { name: 'loading', models: [{ id: 'tiny.gguf', tools: true }], replies: [openAiReply.text('hi')], loadingRequests: 3 },
    });
    running.push(fake);

    const result = await servicesFor(fake.baseUrl).listModels();

    expect(result).toMatchObject({ type: 'ok', host: fake.baseUrl });
    expect(result.type === 'ok' ? result.models.map((model) => model.name) : []).toEqual(['tiny.gguf']);
    expect(fake.requests.filter((request) => request.path === '/v1/models')).toHaveLength(4);
  });

  it('a server that never answers is named by its kind and address, not "Ollama"', { timeout: 60_000 }, async () => {
    const result = await servicesFor('http://127.0.0.1:9/v1').listModels();

    expect(result.type).not.toBe('ok');
    const message = result.type === 'ok' ? '' : result.message;
    expect(message).toContain('The OpenAI-compatible server at http://127.0.0.1:9/v1');
    expect(message).not.toMatch(/ollama/i);
  });
});
