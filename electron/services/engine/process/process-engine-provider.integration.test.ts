import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { TINY_GGUF_EMBEDDING_LENGTH, writeTinyGguf } from '../../../../test-support/gguf/tiny-gguf';
import { collect, providerFailure, textOf } from '../../provider/provider-test-helpers';
import type { ChatProvider, ToolDefinition } from '../../provider/provider-types';
import { createEngineClient, type EngineClient, type EngineClientOptions } from './engine-client';
import type { EngineExit, EngineProcess } from './engine-process';
import { forkEngineLauncher } from './fork-engine-process';
import { createProcessEngineProvider } from './process-engine-provider';

/**
 * The built-in engine through its own process, as main uses it: the engine host forked from
 * source, a real (tiny, random) model, every answer crossing the message boundary.
 */
const folder = mkdtempSync(join(tmpdir(), 'taco-engine-process-'));
const clients: EngineClient[] = [];
afterAll(() => {
  for (const client of clients) client.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Started {
  engine: EngineProcess;
  exited: Promise<EngineExit>;
}

function clientFor(options: Partial<EngineClientOptions> = {}): { client: EngineClient; started: Started[] } {
  const started: Started[] = [];
  const client = createEngineClient({
    launch: forkEngineLauncher(),
    onStart: (engine) => started.push({ engine, exited: new Promise((done) => engine.onExit(done)) }),
    ...options,
  });
  clients.push(client);
  return { client, started };
}

/** Starting a child costs seconds on a busy machine: the tests share one unless they end it. */
const shared = clientFor();

function engineFor(file: string, options: { contextSize?: number; client?: Partial<EngineClientOptions> } = {}) {
  const { client, started } = options.client ? clientFor(options.client) : shared;
  const provider: ChatProvider = createProcessEngineProvider(
    {
      serverId: 'built-in',
      engine: { modelPath: file, contextSize: options.contextSize ?? 4096, threads: 1 },
      runtime: { gpu: false, seed: 7 },
    },
    client,
  );
  return { provider, model: file.split('/').at(-1) ?? file, started };
}

const say = (content: string) => ({ messages: [{ role: 'user' as const, content }], signal: new AbortController().signal });

const LIST: ToolDefinition = {
  type: 'function',
  function: {
    name: 'list_directory',
    description: 'List a folder',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};

describe('the built-in engine in its own process', () => {
  it('streams an answer across the boundary and counts its prompt the same way', async () => {
    const { provider, model, started } = engineFor(writeTinyGguf(join(folder, 'answer.gguf')));
    const chunks = await collect(provider.streamChat({ model, ...say('hello') }));
    expect(textOf(chunks).length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => chunk.type === 'done')).toHaveLength(1);
    const done = chunks.at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.usage.promptTokens).toBe(await provider.countPromptTokens?.({ model, ...say('hello') }));
    expect(started.length).toBeGreaterThan(0);
  });

  it('returns the grammar-written tool call and its capabilities from the child', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'calls.gguf'), { toolCallBias: 12 }));
    expect(await provider.capabilities(model)).toMatchObject({ tools: true, contextLength: 4096 });
    const chunks = await collect(provider.streamChat({ model, ...say('list'), tools: [LIST] }));
    const calls = chunks.flatMap((chunk) => (chunk.type === 'tool-calls' ? chunk.calls : []));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.function.name).toBe('list_directory');
    expect(typeof calls[0]?.function.arguments.path).toBe('string');
  });

  it('a cancel ends the step aborted and reaches the child, which answers the next step', async () => {
    const { provider, model, started } = engineFor(writeTinyGguf(join(folder, 'endless.gguf'), { eosBias: -6 }));
    const before = started.length;
    const controller = new AbortController();
    const failure = providerFailure(
      (async () => {
        for await (const chunk of provider.streamChat({ model, messages: [{ role: 'user', content: 'go' }], signal: controller.signal }))
          if (chunk.type === 'text') controller.abort();
      })(),
    );
    expect((await failure).kind).toBe('aborted');
    // The engine runs one step at a time: this one ends only once the cancelled one has.
    const text = await provider.complete({
      model,
      messages: [{ role: 'user', content: 'title?' }],
      maxTokens: 4,
      signal: new AbortController().signal,
    });
    expect(text.length).toBeGreaterThan(0);
    expect(started).toHaveLength(before);
  });

  it('an answer that fills the context fails with the cut detail across the boundary', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'fills.gguf'), { eosBias: -6 }), {
      contextSize: DEFAULTS.engine.minContextSize,
    });
    const failure = await providerFailure(collect(provider.streamChat({ model, ...say('go') })));
    expect(failure.detail).toMatchObject({ type: 'cut', contextFull: true });
    expect(failure.message).toMatch(/context of 256 tokens/);
  });

  it('a file that is not GGUF, or is cut short, is an error in words and the engine goes on', async () => {
    const notGguf = join(folder, 'notes.gguf');
    writeFileSync(notGguf, 'just some text, not a model');
    const whole = writeTinyGguf(join(folder, 'whole.gguf'));
    const cut = join(folder, 'cut.gguf');
    writeFileSync(cut, readFileSync(whole).subarray(0, 200_000));
    const first = engineFor(notGguf);
    expect((await providerFailure(first.provider.capabilities(first.model))).message).toMatch(/not a GGUF model file/);
    const second = engineFor(cut);
    expect((await providerFailure(second.provider.capabilities(second.model))).message).toMatch(/damaged or incomplete/);
    const good = engineFor(whole);
    expect(textOf(await collect(good.provider.streamChat({ model: good.model, ...say('hi') }))).length).toBeGreaterThan(0);
  });

  it('a child killed mid-answer (as the system does for memory) fails the step in words; the next step starts a fresh one', async () => {
    const { provider, model, started } = engineFor(writeTinyGguf(join(folder, 'killed.gguf'), { eosBias: -6 }), { client: {} });
    const failure = providerFailure(
      (async () => {
        for await (const chunk of provider.streamChat({ model, ...say('go') })) if (chunk.type === 'text') started[0]?.engine.kill();
      })(),
    );
    expect((await failure).message).toMatch(/killed by the system/);
    expect(await started[0]?.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const text = await provider.complete({
      model,
      messages: [{ role: 'user', content: 'again' }],
      maxTokens: 4,
      signal: new AbortController().signal,
    });
    expect(text.length).toBeGreaterThan(0);
    expect(started).toHaveLength(2);
  });

  it('an idle child unloads and exits by itself', async () => {
    const { provider, model, started } = engineFor(writeTinyGguf(join(folder, 'idle.gguf')), { client: { idleExitMs: 0 } });
    await provider.capabilities(model);
    expect(await started[0]?.exited).toEqual({ code: 0, signal: null });
    await provider.capabilities(model);
    expect(started).toHaveLength(2);
  });

  it('embeds each text to a vector of the model’s width; the same text gives the same vector', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'embed.gguf')));
    const signal = new AbortController().signal;
    const vectors =
      (await provider.embed?.({ model, input: ['a folder of notes', 'the weather today', 'a folder of notes'], signal })) ?? [];
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) expect(vector).toHaveLength(TINY_GGUF_EMBEDDING_LENGTH);
    expect(vectors[2]).toEqual(vectors[0]);
    expect(vectors[1]).not.toEqual(vectors[0]);
    expect(await provider.embed?.({ model, input: ['a folder of notes'], signal })).toEqual([vectors[0]]);
  });
});
