import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { defaultSettings } from '../../../shared/settings/settings';
import type { ProbeReport } from '../../../shared/probe/probe-report';
import { loadToolRegistry } from '../../../tools/catalogue/tool-registry';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { startFakeOllama } from '../../../test-support/fake-ollama/index';
import { modelCheckScenario, PROFILE_MODELS } from '../../../test-support/fake-models/model-profiles';
import { createOllamaProvider } from '../provider/ollama/ollama-provider';
import { loadProbeLibrary } from './probe-library';
import { runModelCheck, type ModelCheckInput } from './run-model-check';

const cleanups = cleanupAfterAll();

async function check(model: string, runs = 2, extra: Partial<ModelCheckInput> = {}): Promise<ProbeReport> {
  const fake = await startFakeOllama({ scenario: modelCheckScenario() });
  cleanups.defer(() => fake.close());
  let id = 0;
  return runModelCheck({
    model,
    serverName: 'This computer',
    provider: createOllamaProvider({ host: fake.url, maxContextTokens: 32_768 }),
    tools: await loadToolRegistry(),
    library: await loadProbeLibrary(),
    runs,
    limits: defaultSettings().limits,
    maxContextTokens: 32_768,
    baseline: { toolMode: 'native', toolBudget: DEFAULTS.toolBudget, think: false },
    capabilities: { tools: true, thinking: false },
    signal: new AbortController().signal,
    now: Date.now,
    newId: () => String((id += 1)),
    ...extra,
  });
}

/** The constrained format must not lose to the unconstrained one on any scripted model. */
function expectGrammarNotWorse(report: ProbeReport): void {
  expect(report.formats).toMatchObject({ taskId: 'read_then_write' });
  expect(report.formats?.constrained.tries).toBe(report.runs);
  expect(report.formats?.unconstrained.tries).toBe(report.runs);
  expect(report.formats?.constrained.passes).toBeGreaterThanOrEqual(report.formats?.unconstrained.passes ?? Infinity);
}

describe('the model check on scripted models', () => {
  it('passes a model that does every task right, pass^k 1, and keeps its setting', async () => {
    const report = await check(PROFILE_MODELS.good, 3);
    expect(report.tasks.map((task) => [task.taskId, task.passes])).toEqual(report.tasks.map((task) => [task.taskId, 3]));
    expect(report.tasks).toHaveLength(9);
    expect(report.passAt1).toBe(1);
    expect(report.passK).toBe(1);
    expect(report.failures).toEqual({});
    expect(report.medianToolRounds).toBeGreaterThanOrEqual(1);
    expect(report.tuned).toMatchObject({ toolMode: 'native', toolBudget: DEFAULTS.toolBudget, usesTools: true });
    expect(report.tried).toHaveLength(1);
    // Nothing to change: no proposal.
    expect(report.proposal).toBeNull();
    expectGrammarNotWorse(report);
    expect(report.formats?.constrained.passes).toBe(3);
  });

  it('reports malformed native calls and tunes the model to the prompt format', async () => {
    const report = await check(PROFILE_MODELS.nativeBroken);
    expect(report.failures['malformed-call']).toBeGreaterThan(0);
    expect(report.tasks.find((task) => task.taskId === 'small_talk')?.passK).toBe(1);
    expect(report.tuned.toolMode).toBe('prompt');
    expect(report.tuned.summary).toMatch(/^Tuned from its report: prompt format, \d+ tools$/);
    // A proposal waiting for the user, with the figures under the tuned settings: the failing tasks'
    // tries with them, the passing tasks' as they were.
    expect(report.proposal?.decision).toBe('pending');
    const after = report.proposal?.after;
    expect(after?.passK).toBeGreaterThan(report.passK);
    for (const task of report.tasks.filter((candidate) => candidate.passK === 1))
      expect(after?.tasks.find((candidate) => candidate.taskId === task.taskId)).toEqual(task);
    const tunedTries = report.tried.find((tried) => tried.setting.toolMode === 'prompt');
    const failingIds = new Set(report.tasks.filter((task) => task.passK < 1).map((task) => task.taskId));
    const afterFailing = after?.tasks.filter((task) => failingIds.has(task.taskId)) ?? [];
    expect(afterFailing.reduce((sum, task) => sum + task.passes, 0)).toBe(tunedTries?.passes);
    expectGrammarNotWorse(report);
  });

  it('reports wrong tools when many are offered and tunes the budget down to 8', async () => {
    const report = await check(PROFILE_MODELS.manyToolsConfused);
    expect(report.failures['wrong-tool']).toBeGreaterThan(0);
    expect(report.tuned.toolBudget).toBeLessThanOrEqual(8);
    // Its native calls were never the problem: a format that failed as badly does not replace them.
    expect(report.tuned.toolMode).toBe('native');
    const best = report.tried.find(
      (tried) => tried.setting.toolBudget === report.tuned.toolBudget && tried.setting.toolMode === report.tuned.toolMode,
    );
    // Most of the failing tasks pass under the small budget; the first pass (the baseline) passed none of them.
    expect(report.tried[0]?.passes).toBe(0);
    expect(best?.passes).toBeGreaterThan((best?.tries ?? 0) / 2);
    expectGrammarNotWorse(report);
  });

  it('says clearly that a model that never calls tools does not use them', async () => {
    const report = await check(PROFILE_MODELS.neverCalls);
    expect(report.failures['no-call']).toBeGreaterThan(0);
    expect(report.passK).toBe(1 / 9);
    expect(report.tuned.usesTools).toBe(false);
    expect(report.tuned.summary).toMatch(/^Does not use tools/);
    expectGrammarNotWorse(report);
  });

  it('counts a model that repeats its call as a loop', async () => {
    const report = await check(PROFILE_MODELS.loops);
    expect(report.failures.loop).toBeGreaterThan(0);
    expect(report.tuned.usesTools).toBe(true);
    expectGrammarNotWorse(report);
  });

  it('passes the skill task only for a model that loads the skill: the house format is nowhere else', async () => {
    const library = await loadProbeLibrary();
    const onlySkillTask = { ...library, tasks: library.tasks.filter((task) => task.id === 'follow_skill') };
    const good = await check(PROFILE_MODELS.good, 2, { library: onlySkillTask });
    expect(good.tasks.map((task) => [task.taskId, task.passes])).toEqual([['follow_skill', 2]]);
    const skips = await check(PROFILE_MODELS.skipsSkills, 2, { library: onlySkillTask });
    expect(skips.tasks.map((task) => [task.taskId, task.passes])).toEqual([['follow_skill', 0]]);
    expect(skips.failures['wrong-answer']).toBeGreaterThan(0);
  });

  it('shows the constrained format’s effect: a model that writes its calls in words passes only under the grammar', async () => {
    const report = await check(PROFILE_MODELS.sloppyJson, 2, { capabilities: { tools: false, thinking: false } });
    expect(report.formats).toEqual({
      taskId: 'read_then_write',
      title: 'Read, then write',
      constrained: expect.objectContaining({ passes: 2, tries: 2 }),
      unconstrained: expect.objectContaining({ passes: 0, tries: 2 }),
    });
    expect(report.passAt1).toBeGreaterThan(0.5);
  });
});
