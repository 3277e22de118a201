import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../shared/constants';
import { probeFileText, type ProbeTask } from '../shared/probe/probe-task';
import { defaultSettings } from '../shared/settings/settings';
import { loadToolRegistry } from '../tools/catalogue/tool-registry';
import { runAgent } from '../electron/services/agent/loop/run-agent';
import { loadProbeLibrary } from '../electron/services/probe/probe-library';
import { probeToolRegistry } from '../electron/services/probe/probe-tools';
import { probeRunInput, runProbeAttempt, type AttemptInput } from '../electron/services/probe/run-probe-attempt';
import { scratchBase } from '../electron/services/probe/scratch-base';
import { createScratchSupply } from '../electron/services/probe/scratch-supply';
import { createOllamaProvider } from '../electron/services/provider/ollama/ollama-provider';
import { PROFILE_MODELS } from '../test-support/fake-models/model-profiles';
import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './report/bench-figures';
import { firstGoesFirst } from './report/bench-stats';
import { startFakeOllamaProcess } from './runner/bench-processes';

/**
 * The task's files in a folder made outside the timing, where the check makes its folders
 * (scratch-base.ts): the bare run's workspace, so both runs read and write on the same file system.
 */
async function preparedFolder(task: ProbeTask): Promise<string> {
  const root = await mkdtemp(path.join(scratchBase(), 'taco-bench-probe-'));
  for (const [relative, file] of Object.entries(task.files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), probeFileText(file));
  }
  return root;
}

/**
 * probe_overhead_ratio: every probe task as the model check runs one try (runProbeAttempt: a
 * scratch folder taken from the check's supply, which makes the task's next one meanwhile and
 * removes used ones in the background; every event kept with its time; the judge) over the same run
 * without that bookkeeping (runAgent with the same input, in a folder with the task's files made
 * outside the timing in the same place, fresh for every try), on the fake server's good scripted
 * model. A probe try's time runs until the supply is idle again (its folder removed, the next one
 * made), so no bookkeeping falls into the next try's time. Tries alternate, with and without, so
 * the machine's load falls on both alike; the ratio is of the tasks' fastest tries, summed.
 */
export async function runProbeOverheadBench(options: BenchLog): Promise<Samples> {
  const fake = await startFakeOllamaProcess('model-check');
  const bareFolders = new Map<string, string>();
  // The check's supply of scratch folders, as runModelCheck has one: made ahead, removed in the background.
  const scratch = createScratchSupply();
  try {
    const library = await loadProbeLibrary();
    const userTools = await loadToolRegistry();
    const registries = { plain: probeToolRegistry(userTools, []), distractors: probeToolRegistry(userTools, library.distractors) };
    const provider = createOllamaProvider({ host: fake.url, maxContextTokens: 32_768 });
    let id = 0;
    const attemptInput = (task: ProbeTask): AttemptInput => ({
      task,
      model: PROFILE_MODELS.good,
      provider,
      tools: task.distractors ? registries.distractors : registries.plain,
      setting: { toolMode: 'native', toolBudget: DEFAULTS.toolBudget, think: false },
      limits: defaultSettings().limits,
      maxContextTokens: 32_768,
      signal: new AbortController().signal,
      now: Date.now,
      newId: () => String((id += 1)),
      scratch,
    });
    // The bare run's folder, in the task's starting state for every try as the check's are: the
    // previous bare try's writes (greeting.txt, upper.txt) are undone outside the timing, so both
    // runs create the files they write rather than the bare one overwriting its last try's.
    for (const task of library.tasks) bareFolders.set(task.id, await preparedFolder(task));
    const withProbe = async (task: ProbeTask): Promise<number> => {
      const started = performance.now();
      const attempt = await runProbeAttempt(attemptInput(task));
      // The try's folder removed and the next one made, counted in this try: none of its
      // bookkeeping spills into the next try's time, the bare runs' least of all.
      await scratch.idle();
      const elapsed = performance.now() - started;
      if (!attempt.passed) throw new Error(`The probe benchmark's try of ${task.id} failed (${attempt.failure ?? 'no reason'}).`);
      return elapsed;
    };
    const bare = async (task: ProbeTask): Promise<number> => {
      const folder = bareFolders.get(task.id) ?? '';
      const started = performance.now();
      const outcome = await runAgent(probeRunInput(attemptInput(task), folder, () => undefined));
      const elapsed = performance.now() - started;
      if (outcome.reason !== 'complete') throw new Error(`The probe benchmark's bare run of ${task.id} stopped with "${outcome.reason}".`);
      await rm(folder, { recursive: true, force: true });
      bareFolders.set(task.id, await preparedFolder(task));
      return elapsed;
    };
    let rounds = 0;
    /**
     * One try of each task both ways, alternating which goes first (firstGoesFirst) from task to
     * task and, for each task, from round to round, so neither side always runs on a warmer cache.
     */
    const round = async (): Promise<Map<string, { probe: number; bare: number }>> => {
      const times = new Map<string, { probe: number; bare: number }>();
      for (const [index, task] of library.tasks.entries()) {
        const probeFirst = firstGoesFirst(rounds, index);
        const first = probeFirst ? await withProbe(task) : await bare(task);
        const second = probeFirst ? await bare(task) : await withProbe(task);
        times.set(task.id, probeFirst ? { probe: first, bare: second } : { probe: second, bare: first });
      }
      rounds += 1;
      return times;
    };
    for (let warm = 0; warm < BENCH_DEFAULTS.probeWarmupRounds; warm += 1) await round();
    const ratios: number[] = [];
    for (let sample = 0; sample < options.runs; sample += 1) {
      // Each task's fastest try each way: a shared machine only ever adds time, so the fastest is
      // the closest to the work itself.
      const fastest = new Map<string, { probe: number; bare: number }>();
      for (let index = 0; index < BENCH_DEFAULTS.probeRoundsPerSample; index += 1) {
        for (const [taskId, times] of await round()) {
          const best = fastest.get(taskId);
          fastest.set(taskId, best ? { probe: Math.min(best.probe, times.probe), bare: Math.min(best.bare, times.bare) } : times);
        }
      }
      const probeMs = [...fastest.values()].reduce((sum, times) => sum + times.probe, 0);
      const bareMs = [...fastest.values()].reduce((sum, times) => sum + times.bare, 0);
      ratios.push(probeMs / bareMs);
      options.log(
        `  probe: ${(probeMs / fastest.size).toFixed(1)} ms per try with its bookkeeping, ${(bareMs / fastest.size).toFixed(1)} ms without (fastest of ${BENCH_DEFAULTS.probeRoundsPerSample} per task, ${fastest.size} tasks)`,
      );
    }
    return { probe_overhead_ratio: ratios };
  } finally {
    await scratch.close();
    await fake.process.stop();
    for (const folder of bareFolders.values()) await rm(folder, { recursive: true, force: true });
  }
}
