import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { startFakeOllama } from '../../../../test-support/fake-ollama/index';
import { modelCheckScenario, PROFILE_MODELS } from '../../../../test-support/fake-models/model-profiles';
import { parseProbeArgs } from './cli-probe-args';
import { runCli, type CliIo } from '../run-cli';

const cleanups = cleanupAfterAll();

function terminal(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    onInterrupt: () => () => undefined,
    out: () => out,
    err: () => err,
  };
}

describe('npm run cli -- --probe MODEL', () => {
  it('--json prints progress lines and ends with one probe-report line; with --apply the proposed settings are kept for the model', async () => {
    const fake = await startFakeOllama({ scenario: modelCheckScenario() });
    cleanups.defer(() => fake.close());
    const dataDir = cleanups.tempDir('taco-cli-probe-');
    const io = terminal();
    const code = await runCli(
      ['--host', fake.url, '--data-dir', dataDir, '--probe', PROFILE_MODELS.nativeBroken, '--runs', '1', '--json', '--apply'],
      io,
    );
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n');
    const last = JSON.parse(lines.at(-1) ?? '') as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'probe-report', model: PROFILE_MODELS.nativeBroken, server: 'This computer', runs: 1 });
    expect(Object.keys(last)).toEqual(expect.arrayContaining(['passAt1', 'passK', 'tasks', 'failures', 'tuned']));
    expect(last.tuned).toMatchObject({ toolMode: 'prompt' });
    expect(last.proposal).toMatchObject({ decision: 'accepted' });
    expect((last.failures as Record<string, number>)['malformed-call']).toBeGreaterThan(0);
    // Every other line is a JSON progress event.
    for (const line of lines.slice(0, -1)) expect((JSON.parse(line) as { type: string }).type).toBe('model-check-progress');
    const stored = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
      settings: { modelTuning: Record<string, { toolMode: string }> };
    };
    expect(stored.settings.modelTuning[PROFILE_MODELS.nativeBroken]?.toolMode).toBe('prompt');
  });

  it('Ctrl-C while the check is still starting cancels it once it has started: the tries stop and the exit says cancelled', async () => {
    const fake = await startFakeOllama({ scenario: modelCheckScenario() });
    cleanups.defer(() => fake.close());
    const dataDir = cleanups.tempDir('taco-cli-probe-');
    // The interrupt arrives before modelCheck.start has answered (queued before the request is even sent).
    const io = { ...terminal(), onInterrupt: (handler: () => void) => (queueMicrotask(handler), () => undefined) };
    const code = await runCli(['--host', fake.url, '--data-dir', dataDir, '--probe', PROFILE_MODELS.nativeBroken, '--runs', '1'], io);
    expect(io.err()).toContain('The check was cancelled');
    expect(code).toBe(2);
  });

  it('reads --probe and --runs, and refuses a bad count in words', () => {
    expect(parseProbeArgs(['--probe', 'qwen3', '--runs=4', '--json'])).toEqual({
      type: 'probe',
      model: 'qwen3',
      runs: 4,
      apply: false,
      rest: ['--json'],
    });
    expect(parseProbeArgs(['--probe', 'qwen3', '--apply'])).toMatchObject({ type: 'probe', apply: true, rest: [] });
    expect(parseProbeArgs(['--apply'])).toEqual({ type: 'error', message: '--apply goes with --probe MODEL.' });
    expect(parseProbeArgs(['--probe', 'qwen3'])).toMatchObject({ type: 'probe', runs: 3 });
    expect(parseProbeArgs(['--probe', 'qwen3', '--runs', '0'])).toEqual({
      type: 'error',
      message: expect.stringContaining('--runs must be'),
    });
    expect(parseProbeArgs(['--runs', '2', 'hi'])).toEqual({ type: 'error', message: '--runs goes with --probe MODEL.' });
    expect(parseProbeArgs(['hello'])).toEqual({ type: 'none', rest: ['hello'] });
  });
});
