import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, standardModels, startFakeOllama, type FakeOllama, type Scenario } from '../../../../test-support/fake-ollama/index';
import type { PullProgressEvent } from '../../../../shared/contract/events';
import type { ModelAdmin, PullOptions } from '../../provider/model-admin/model-admin-types';
import { createModelServices, type ModelServices } from './model-services';
import { PULL_CANCELLED_STATUS } from './pull-registry';

const running: FakeOllama[] = [];
const services: ModelServices[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) service.dispose();
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(scenario: Scenario | string = 'pull-progress', host?: string) {
  const fake = await startFakeOllama({ scenario });
  running.push(fake);
  let next = 0;
  const models = createModelServices({ host: () => host ?? fake.url, newId: () => `p${++next}` });
  services.push(models);
  const events: PullProgressEvent[] = [];
  models.subscribe((batch) => events.push(...batch));
  const finished = (pullId: string) =>
    vi.waitFor(() => {
      const last = events.filter((event) => event.pullId === pullId).at(-1);
      if (!last?.done) throw new Error('the pull has not finished');
      return last;
    });
  return { fake, models, events, finished };
}

function script(partial: Partial<Scenario>): Scenario {
  return { name: 'models-test', description: 'test', models: standardModels(), replies: [reply.text('hi')], ...partial };
}

const listed = async (fake: FakeOllama): Promise<string[]> => {
  const body = (await (await fetch(`${fake.url}/api/tags`)).json()) as { models: { name: string }[] };
  return body.models.map((model) => model.name);
};

describe('models.pull', () => {
  it('streams progress events on model-events and ends with success once', async () => {
    const { fake, models, events, finished } = await start();
    const { pullId } = await models.handlers['models.pull']({ name: 'llama3.2:3b' });
    const last = await finished(pullId);
    expect(last).toMatchObject({
      type: 'pull-progress',
      model: 'llama3.2:3b',
      status: 'success',
      done: true,
      error: null,
      completedBytes: 2_019_393_189,
      totalBytes: 2_019_393_189,
    });
    expect(events[0]).toMatchObject({ pullId, status: 'starting', done: false });
    expect(events.map((event) => event.status)).toContain('pulling manifest');
    expect(events.filter((event) => event.done)).toHaveLength(1);
    const bytes = events.map((event) => event.completedBytes ?? 0);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(await listed(fake)).toContain('llama3.2:3b');
  });

  it('gives the running pull of the same model instead of starting another', async () => {
    const { models, finished } = await start(script({ models: [], pull: { steps: 10, delayMs: 20 } }));
    const first = await models.handlers['models.pull']({ name: 'qwen3:4b' });
    expect(await models.handlers['models.pull']({ name: 'qwen3:4b' })).toEqual(first);
    await finished(first.pullId);
  });

  it('cancels a pull: the last event says cancelled, nothing is installed', async () => {
    const { fake, models, events, finished } = await start(script({ models: [], pull: { steps: 200, delayMs: 30 } }));
    const { pullId } = await models.handlers['models.pull']({ name: 'qwen3:4b' });
    await vi.waitFor(() => expect(events.some((event) => (event.completedBytes ?? 0) > 0)).toBe(true));
    expect(await models.handlers['models.cancelPull']({ pullId })).toEqual({ cancelled: true });
    expect(await finished(pullId)).toMatchObject({ status: PULL_CANCELLED_STATUS, done: true, error: null });
    expect(await models.handlers['models.cancelPull']({ pullId })).toEqual({ cancelled: false });
    expect(await listed(fake)).toEqual([]);
  });

  it('ends a failed pull with the error in words', async () => {
    const { models, finished } = await start(script({ pull: { failWith: 'pull model manifest: file does not exist' } }));
    const { pullId } = await models.handlers['models.pull']({ name: 'lama3' });
    expect(await finished(pullId)).toMatchObject({
      done: true,
      status: 'failed',
      error: expect.stringContaining('Ollama has no model called “lama3”'),
    });
  });
});

describe('pull throttling', () => {
  function scriptedAdmin(lines: number): { admin: ModelAdmin; finish: () => void } {
    let resolve: () => void = () => undefined;
    const admin: ModelAdmin = {
      host: 'http://x',
      pull: (_name: string, options: PullOptions) =>
        new Promise<void>((done) => {
          options.onProgress({ status: 'pulling manifest', completedBytes: null, totalBytes: null });
          for (let i = 1; i <= lines; i += 1) options.onProgress({ status: 'pulling abc', completedBytes: i, totalBytes: lines });
          options.onProgress({ status: 'verifying sha256 digest', completedBytes: lines, totalBytes: lines });
          resolve = done;
        }),
      delete: async () => undefined,
      unload: async () => undefined,
      version: async () => '1',
    };
    return { admin, finish: () => resolve() };
  }

  it('sends status changes at once, holds byte updates within the interval, and always the end', async () => {
    const { admin, finish } = scriptedAdmin(500);
    const models = createModelServices({ host: () => 'http://x', newId: () => 'p1', createAdmin: () => admin, progressIntervalMs: 60_000 });
    services.push(models);
    const events: PullProgressEvent[] = [];
    models.subscribe((batch) => events.push(...batch));
    await models.handlers['models.pull']({ name: 'm' });
    await vi.waitFor(() => expect(events.map((event) => event.status)).toContain('verifying sha256 digest'));
    expect(events.map((event) => event.status)).toEqual(['starting', 'pulling manifest', 'pulling abc', 'verifying sha256 digest']);
    finish();
    await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ status: 'success', done: true, completedBytes: 500, totalBytes: 500 }));
  });

  it('refuses more pulls than the cap with words', async () => {
    const { admin } = scriptedAdmin(1);
    let id = 0;
    const models = createModelServices({ host: () => 'http://x', newId: () => `p${++id}`, createAdmin: () => admin });
    services.push(models);
    for (const name of ['a', 'b', 'c']) await models.handlers['models.pull']({ name });
    expect(() => models.handlers['models.pull']({ name: 'd' })).toThrow(/already running.*“d”/);
  });
});

describe('models.delete, models.unload, ollama.test', () => {
  it('deletes, and says why when it cannot', async () => {
    const { fake, models } = await start('basic-chat');
    expect(await models.handlers['models.delete']({ name: 'gemma:2b' })).toEqual({ deleted: true, message: null });
    expect(await listed(fake)).not.toContain('gemma:2b');
    expect(await models.handlers['models.delete']({ name: 'gemma:2b' })).toEqual({
      deleted: false,
      message: expect.stringContaining('not installed'),
    });
  });

  it('unloads with keep_alive 0', async () => {
    const { fake, models } = await start('basic-chat');
    expect(await models.handlers['models.unload']({ name: 'llama3.2:3b' })).toEqual({ unloaded: true, message: null });
    expect(fake.requests.at(-1)?.body).toMatchObject({ keep_alive: 0, messages: [] });
  });

  it('tests a host before it is saved: ok with the version, unreachable, or not an address', async () => {
    const { fake, models } = await start(script({ version: '0.12.5' }), 'http://127.0.0.1:9');
    expect(await models.handlers['ollama.test']({ host: ` ${fake.url}/ ` })).toEqual({ type: 'ok', host: fake.url, version: '0.12.5' });
    const url = fake.url;
    await fake.close();
    running.length = 0;
    expect(await models.handlers['ollama.test']({ host: url })).toMatchObject({
      type: 'unreachable',
      host: url,
      message: expect.stringContaining('ollama serve'),
    });
    expect(await models.handlers['ollama.test']({ host: 'file:///etc/passwd' })).toMatchObject({
      type: 'error',
      message: expect.stringContaining('http://127.0.0.1:11434'),
    });
    expect(await models.handlers['ollama.test']({ host: 'not a url' })).toMatchObject({ type: 'error' });
  });
});
