import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../../test-support/gguf/tiny-gguf';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { runCli, type CliIo } from '../../hosts/cli/run-cli';
import { unloadEngineModel } from './engine-model';

/**
 * The whole loop through the built-in engine with a real (tiny, random) model, the way a user runs
 * it: `npm run cli -- --gguf FILE --json …` — tool selection, the grammar-written call, approval,
 * the tool running, the loop's limits and the report, with nothing faked.
 */
const cleanups = cleanupAfterEach();
/**
 * TACO's own system prompt and tool schemas are ~6,000 tokens for the tiny model; every step and
 * side request (status, title) evaluates them on the CPU, so a run takes tens of seconds on a busy
 * 2-core machine. The limit is generous; nothing here waits on a clock.
 */
const WHOLE_RUN_MS = 300_000;
afterAll(() => unloadEngineModel());

type Json = Record<string, unknown>;

async function cli(args: string[]): Promise<{ code: number; events: Json[]; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    onInterrupt: () => () => undefined,
  };
  const code = await runCli([...args, '--data-dir', cleanups.tempDir('taco-engine-data-'), '--json'], io);
  const events = out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
  return { code, events, err };
}

const ofType = (events: Json[], type: string): Json[] => events.filter((event) => event.type === type);

describe('the agent loop on the built-in engine', () => {
  it(
    'streams an answer and completes',
    async () => {
      const model = writeTinyGguf(join(cleanups.tempDir('taco-gguf-'), 'chat.gguf'), { contextLength: 16384, eosBias: 1.6 });
      // A byte-level vocabulary spends a token per character: TACO's prompt needs a larger context than a real model's would.
      // Short replies (eosBias), and a run limit above this machine's worst case, so the run ends by itself.
      const result = await cli(['--gguf', model, '--context-size', '8192', '--timeout-ms', '240000', 'Say hello']);
      expect(result.events.at(-1)).toMatchObject({ type: 'run-finish' });
      const finish = result.events.at(-1) as { reason: string };
      // A random model's text is noise, but it streams and the run ends cleanly (or asks for a repair of an empty reply).
      expect(['complete', 'provider_error']).toContain(finish.reason);
      const usage = ofType(result.events, 'usage') as { completionTokens: number }[];
      expect(usage.length).toBeGreaterThan(0);
      if (finish.reason === 'complete') {
        expect(result.code).toBe(0);
        // Whatever the model generated streamed as it came. A sampled random model may end its reply
        // with its first token (the end token alone): then there is no text to stream.
        const generated = usage.at(-1)?.completionTokens ?? 0;
        if (generated > 1) expect(ofType(result.events, 'text-delta').length, JSON.stringify(result.events.slice(-6))).toBeGreaterThan(0);
      }
    },
    WHOLE_RUN_MS,
  );

  it(
    'a grammar-written tool call is approved by the policy, runs in the workspace, and its result goes back to the model',
    async () => {
      const workspace = cleanups.tempDir('taco-engine-ws-');
      writeFileSync(join(workspace, 'notes.txt'), 'hello');
      const model = writeTinyGguf(join(cleanups.tempDir('taco-gguf-'), 'caller.gguf'), { toolCallBias: 12, contextLength: 16384 });
      const result = await cli([
        '--gguf',
        model,
        '--workspace',
        workspace,
        '--approve',
        'read',
        '--context-size',
        '8192',
        '--max-tools',
        '1',
        '--max-iterations',
        '1',
        'List the files in this folder',
      ]);
      const offered = ofType(result.events, 'tools-offered')[0]?.offered as string[] | undefined;
      const calls = ofType(result.events, 'tool-call');
      expect(calls.length).toBeGreaterThan(0);
      expect(offered).toContain(calls[0]?.tool);
      const results = ofType(result.events, 'tool-result').concat(ofType(result.events, 'tool-error'));
      expect(results.map((event) => event.callId)).toContain(calls[0]?.callId);
      // One round, then the loop's summary step (no tools offered: this model writes call openings as
      // text until its step limit), ended by a limit and reported as such.
      const finish = result.events.at(-1) as { type: string; reason: string };
      expect(finish.type).toBe('run-finish');
      expect(['max_iterations', 'timeout']).toContain(finish.reason);
      expect(result.code).toBe(2);
    },
    WHOLE_RUN_MS,
  );

  it('a file that is not GGUF, or a GGUF cut short, stops the run with a clear message, and the CLI exits 1', async () => {
    const folder = cleanups.tempDir('taco-gguf-');
    const notGguf = join(folder, 'readme.gguf');
    writeFileSync(notGguf, '# not a model\n');
    const whole = writeTinyGguf(join(folder, 'whole.gguf'));
    const cut = join(folder, 'cut.gguf');
    writeFileSync(cut, readFileSync(whole).subarray(0, 100_000));
    for (const [file, words] of [
      [notGguf, /not a GGUF model file/],
      [cut, /damaged or incomplete/],
    ] as const) {
      const result = await cli(['--gguf', file, 'hi']);
      expect(result.code).toBe(1);
      expect(result.events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'provider_error', error: expect.stringMatching(words) });
    }
    const missing = await cli(['--gguf', join(folder, 'gone.gguf'), 'hi']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/does not exist/);
  });
});
