import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { writeTinyGguf } from '../../../test-support/gguf/tiny-gguf';
import { collect, providerFailure, textOf } from '../provider/provider-test-helpers';
import type { ChatProvider, ToolDefinition } from '../provider/provider-types';
import { createEngineProvider } from './engine-provider';
import { unloadEngineModel } from './engine-model';

const folder = mkdtempSync(join(tmpdir(), 'taco-engine-'));
afterAll(async () => {
  await unloadEngineModel();
  rmSync(folder, { recursive: true, force: true });
});

function engineFor(file: string, contextSize = 4096): { provider: ChatProvider; model: string } {
  const provider = createEngineProvider({
    serverId: 'built-in',
    engine: { modelPath: file, contextSize, threads: 1 },
    runtime: { gpu: false, seed: 7 },
  });
  return { provider, model: file.split('/').at(-1) ?? file };
}

const LIST: ToolDefinition = {
  type: 'function',
  function: {
    name: 'list_directory',
    description: 'List a folder',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};

describe('the built-in engine provider', () => {
  it('streams an answer from a real model and ends with one done', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'answer.gguf')));
    const chunks = await collect(
      provider.streamChat({ model, messages: [{ role: 'user', content: 'hello' }], signal: new AbortController().signal }),
    );
    expect(textOf(chunks).length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => chunk.type === 'done')).toHaveLength(1);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', usage: { doneReason: 'stop', numCtx: 4096 } });
    const done = chunks.at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.usage.promptTokens).toBe(
      await provider.countPromptTokens?.({ model, messages: [{ role: 'user', content: 'hello' }], signal: new AbortController().signal }),
    );
  });

  it('returns a tool call the grammar wrote, with arguments that follow the schema, and runs nothing', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'calls.gguf'), { toolCallBias: 12 }));
    expect((await provider.capabilities(model)).tools).toBe(true);
    const chunks = await collect(
      provider.streamChat({ model, messages: [{ role: 'user', content: 'list' }], tools: [LIST], signal: new AbortController().signal }),
    );
    const calls = chunks.flatMap((chunk) => (chunk.type === 'tool-calls' ? chunk.calls : []));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.function.name).toBe('list_directory');
    expect(typeof calls[0]?.function.arguments.path).toBe('string');
  });

  it('a JSON-schema format makes the whole reply JSON of that shape', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'format.gguf'), { eosBias: -6 }));
    const format = { type: 'object', properties: { tool: { type: 'string', enum: ['read_file', 'none'] } }, required: ['tool'] };
    const chunks = await collect(
      provider.streamChat({ model, messages: [{ role: 'user', content: 'x' }], format, signal: new AbortController().signal }),
    );
    const parsed = JSON.parse(textOf(chunks)) as { tool: string };
    expect(['read_file', 'none']).toContain(parsed.tool);
  });

  it('a side request generates no more than its maxTokens, so it never holds the engine for a whole step', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'endless.gguf'), { eosBias: -6 }));
    const text = await provider.complete({
      model,
      messages: [{ role: 'user', content: 'title?' }],
      maxTokens: 8,
      signal: new AbortController().signal,
    });
    expect(text.length).toBeGreaterThan(0);
    // The longest merged token is well under 20 characters: 8 tokens cannot make more.
    expect(text.length).toBeLessThanOrEqual(8 * 20);
  });

  it('stops soon after the signal aborts and says aborted', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'endless.gguf'), { eosBias: -6 }));
    const controller = new AbortController();
    const stream = provider.streamChat({ model, messages: [{ role: 'user', content: 'go' }], signal: controller.signal });
    const failure = providerFailure(
      (async () => {
        for await (const chunk of stream) if (chunk.type === 'text') controller.abort();
      })(),
    );
    expect((await failure).kind).toBe('aborted');
  });

  it('an answer that fills the context fails with a cut, not a silent shift', async () => {
    const { provider, model } = engineFor(writeTinyGguf(join(folder, 'fills.gguf'), { eosBias: -6 }), DEFAULTS.engine.minContextSize);
    const failure = await providerFailure(
      collect(provider.streamChat({ model, messages: [{ role: 'user', content: 'go' }], signal: new AbortController().signal })),
    );
    expect(failure.detail).toMatchObject({ type: 'cut', contextFull: true });
    expect(failure.message).toMatch(/context of 256 tokens/);
  });

  it('a file that is not GGUF, or is cut short, gets a clear error and the next good model still answers', async () => {
    const notGguf = join(folder, 'notes.gguf');
    writeFileSync(notGguf, 'just some text, not a model');
    const cut = join(folder, 'cut.gguf');
    const whole = writeTinyGguf(join(folder, 'whole.gguf'));
    writeFileSync(cut, (await import('node:fs')).readFileSync(whole).subarray(0, 200_000));
    const first = engineFor(notGguf);
    expect((await providerFailure(first.provider.capabilities(first.model))).message).toMatch(/not a GGUF model file/);
    const second = engineFor(cut);
    expect((await providerFailure(second.provider.capabilities(second.model))).message).toMatch(/damaged or incomplete/);
    const good = engineFor(whole);
    const chunks = await collect(
      good.provider.streamChat({ model: good.model, messages: [{ role: 'user', content: 'hi' }], signal: new AbortController().signal }),
    );
    expect(chunks.at(-1)?.type).toBe('done');
  });
});
