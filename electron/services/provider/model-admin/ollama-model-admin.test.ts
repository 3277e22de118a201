import { afterEach, describe, expect, it } from 'vitest';
import { reply, standardModels, startFakeOllama, type FakeOllama, type Scenario } from '../../../../test-support/fake-ollama/index';
import type { PullProgress } from './model-admin-types';
import { createOllamaModelAdmin } from './ollama-model-admin';
import { providerFailure, requestsTo } from '../provider-test-helpers';

const running: FakeOllama[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(scenario: Scenario | string = 'pull-progress'): Promise<FakeOllama> {
  const fake = await startFakeOllama({ scenario });
  running.push(fake);
  return fake;
}

function script(partial: Partial<Scenario>): Scenario {
  return { name: 'admin-test', description: 'test', models: standardModels(), replies: [reply.text('hi')], ...partial };
}

const listed = async (fake: FakeOllama): Promise<string[]> => {
  const response = await fetch(`${fake.url}/api/tags`);
  const body = (await response.json()) as { models: { name: string }[] };
  return body.models.map((model) => model.name);
};

describe('model admin: pull', () => {
  it('streams progress with bytes over the whole download, then the model is installed', async () => {
    const fake = await start();
    const admin = createOllamaModelAdmin({ host: fake.url });
    const seen: PullProgress[] = [];
    await admin.pull('llama3.2:3b', { signal: new AbortController().signal, onProgress: (progress) => seen.push(progress) });

    expect(seen[0]).toEqual({ status: 'pulling manifest', completedBytes: null, totalBytes: null });
    const withBytes = seen.filter((progress) => progress.totalBytes !== null);
    expect(withBytes.length).toBeGreaterThanOrEqual(5);
    expect(withBytes.map((progress) => progress.completedBytes)).toEqual(
      [...withBytes.map((progress) => progress.completedBytes)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(seen.at(-1)).toMatchObject({ status: 'success', completedBytes: 2_019_393_189, totalBytes: 2_019_393_189 });
    expect(requestsTo(fake, '/api/pull')[0]?.body).toMatchObject({ name: 'llama3.2:3b', stream: true });
    expect(await listed(fake)).toContain('llama3.2:3b');
  });

  it('stops when aborted, says so, and installs nothing', async () => {
    const fake = await start(script({ models: [], pull: { steps: 50, delayMs: 40 } }));
    const admin = createOllamaModelAdmin({ host: fake.url });
    const controller = new AbortController();
    const error = await providerFailure(
      admin.pull('qwen3:4b', {
        signal: controller.signal,
        onProgress: (progress) => {
          if ((progress.completedBytes ?? 0) > 0) controller.abort();
        },
      }),
    );
    expect(error.kind).toBe('aborted');
    expect(await listed(fake)).toEqual([]);
  });

  it('names an unknown model in plain words', async () => {
    const fake = await start(script({ pull: { failWith: 'pull model manifest: file does not exist' } }));
    const error = await providerFailure(
      createOllamaModelAdmin({ host: fake.url }).pull('no-such-model', {
        signal: new AbortController().signal,
        onProgress: () => undefined,
      }),
    );
    expect(error.kind).toBe('model-not-found');
    expect(error.message).toContain('Ollama has no model called “no-such-model”');
    expect(error.message).toContain('ollama.com/library');
  });

  it('passes on any other failure with what to do next', async () => {
    const fake = await start(script({ pull: { failWith: 'no space left on device' } }));
    const error = await providerFailure(
      createOllamaModelAdmin({ host: fake.url }).pull('qwen3:4b', { signal: new AbortController().signal, onProgress: () => undefined }),
    );
    expect(error.kind).toBe('ollama-error');
    expect(error.message).toMatch(/Could not download “qwen3:4b”: no space left on device\. Check .*disk space/);
  });

  it('says Ollama is unreachable when nothing listens', async () => {
    const fake = await start();
    const url = fake.url;
    await fake.close();
    running.length = 0;
    const error = await providerFailure(
      createOllamaModelAdmin({ host: url }).pull('qwen3:4b', { signal: new AbortController().signal, onProgress: () => undefined }),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('ollama serve');
  });
});

describe('model admin: delete, unload, version', () => {
  it('deletes an installed model and refuses one that is not installed', async () => {
    const fake = await start('basic-chat');
    const admin = createOllamaModelAdmin({ host: fake.url });
    await admin.delete('qwen3:4b');
    expect(await listed(fake)).toEqual(['llama3.2:3b', 'gemma:2b']);
    const error = await providerFailure(admin.delete('qwen3:4b'));
    expect(error.kind).toBe('model-not-found');
    expect(error.message).toBe('“qwen3:4b” is not installed, so there is nothing to remove. Refresh the model list.');
  });

  it('unloads with keep_alive 0 and no messages', async () => {
    const fake = await start('basic-chat');
    await createOllamaModelAdmin({ host: fake.url }).unload('llama3.2:3b');
    expect(requestsTo(fake, '/api/chat').at(-1)?.body).toMatchObject({ model: 'llama3.2:3b', messages: [], keep_alive: 0, stream: false });
    const error = await providerFailure(createOllamaModelAdmin({ host: fake.url }).unload('nope:1b'));
    expect(error.kind).toBe('model-not-found');
  });

  it('reads the version', async () => {
    const fake = await start(script({ version: '0.13.1' }));
    expect(await createOllamaModelAdmin({ host: `${fake.url}/` }).version()).toBe('0.13.1');
  });
});
