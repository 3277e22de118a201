/**
 * `npm test`: typecheck, lint, format check, unit + integration (vitest), end to end (Playwright in
 * Chromium through the bundled web host). Runs every stage even when one fails, then prints ONE
 * plain line that CI reads, last: `N passed, N failed`, plus `, N skipped` when any was (skipped includes todo, failed
 * includes flaky: a test that passed only on a retry is not a pass). Exits non-zero when anything
 * failed, a stage executed nothing, or nothing passed. `.only` is refused everywhere, CI or not.
 *
 * TACO_TEST_STAGES (comma list of typecheck, lint, format, unit, e2e) runs only those stages;
 * TACO_VITEST_CONFIG / TACO_PLAYWRIGHT_CONFIG point the unit / e2e stage at another config (the
 * runner's own test, scripts/test-all.test.ts, runs scratch suites this way).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  breakdownLine,
  countPlaywright,
  countVitest,
  exitCodeFor,
  settle,
  stageCount,
  summaryLine,
  total,
  type StageCount,
} from './test-summary';
import { DEFAULT_CHROMIUM, missingChromiumMessage } from './chromium-location';

export const STAGE_NAMES = ['typecheck', 'lint', 'format', 'unit', 'e2e'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** A check that passes or fails as a whole (typecheck, lint, format): one test in the summary. */
async function check(title: string, command: string, args: string[], failure: string): Promise<StageCount> {
  console.log(`\n== ${title} ==`);
  const code = await run(command, args);
  if (code !== 0) console.error(failure);
  return stageCount(title, code === 0 ? { passed: 1 } : { failed: 1 });
}

function report(settled: { count: StageCount; problem: string | null }): StageCount {
  if (settled.problem) console.error(settled.problem);
  return settled.count;
}

async function unit(reportDir: string): Promise<StageCount> {
  console.log('\n== Unit and integration tests (vitest) ==');
  const out = join(reportDir, 'vitest.json');
  const config = process.env.TACO_VITEST_CONFIG;
  const code = await run('npx', [
    'vitest',
    'run',
    ...(config ? ['--config', config] : []),
    // Also in vitest.config.ts; here too so no config can let a `.only` silence the rest.
    '--allowOnly=false',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  return report(settle(countVitest(readJson(out)), code));
}

async function build(title: string, configFile: string): Promise<boolean> {
  console.log(`\n== ${title} ==`);
  const code = await run('npx', ['vite', 'build', '--config', configFile, '--logLevel', 'warn']);
  if (code !== 0) console.error(`${title} failed, so the end-to-end tests cannot run (counted as one failure).`);
  return code === 0;
}

async function endToEnd(reportDir: string): Promise<StageCount> {
  const chromium = process.env.TACO_CHROMIUM ?? DEFAULT_CHROMIUM;
  if (!existsSync(chromium)) {
    console.error(`\n${missingChromiumMessage(chromium)}`);
    return stageCount('Playwright', { failed: 1 });
  }
  const config = process.env.TACO_PLAYWRIGHT_CONFIG;
  if (!config) {
    if (!(await build('Renderer build', 'renderer/vite.config.ts'))) return stageCount('renderer build', { failed: 1 });
    if (!(await build('Web host build (what `npm run web` runs; the specs start it)', 'web.vite.config.ts')))
      return stageCount('web host build', { failed: 1 });
  }
  console.log('\n== End-to-end tests (Playwright, Chromium, web host) ==');
  const out = join(reportDir, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '-c', config ?? 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    TACO_CHROMIUM: chromium,
    // Built just above: the Playwright global setup need not build it again.
    ...(process.env.TACO_E2E_HOST === 'source' ? {} : { TACO_E2E_HOST: 'built' }),
  });
  return report(settle(countPlaywright((readJson(out) as { stats?: unknown } | null)?.stats), code));
}

/** The stages TACO_TEST_STAGES names (all when unset); an unknown name is an error, not a silent skip. */
export function chosenStages(value: string | undefined): StageName[] {
  if (!value) return [...STAGE_NAMES];
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(STAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`TACO_TEST_STAGES names unknown stages: ${unknown.join(', ')} (known: ${STAGE_NAMES.join(', ')}).`);
  return STAGE_NAMES.filter((name) => names.includes(name));
}

async function runStage(name: StageName, reportDir: string): Promise<StageCount> {
  switch (name) {
    case 'typecheck':
      return check('Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], 'Typecheck failed (counted as one failure).');
    case 'lint':
      return check(
        'Lint (ESLint with type information)',
        'npx',
        ['eslint', '--max-warnings', '0', '.'],
        'Lint failed (counted as one failure): run `npm run lint`.',
      );
    case 'format':
      return check(
        'Format (Prettier)',
        'npx',
        ['prettier', '--check', '--log-level', 'warn', '.'],
        'Formatting differs (counted as one failure): run `npm run format`.',
      );
    case 'unit':
      return unit(reportDir);
    case 'e2e':
      return endToEnd(reportDir);
    default: {
      const unreachable: never = name;
      return unreachable;
    }
  }
}

async function main(): Promise<void> {
  let names: StageName[];
  try {
    names = chosenStages(process.env.TACO_TEST_STAGES);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.log(summaryLine(stageCount('total', { failed: 1 })));
    process.exit(1);
  }
  const reportDir = mkdtempSync(join(tmpdir(), 'taco-test-'));
  const stages: StageCount[] = [];
  for (const name of names) stages.push(await runStage(name, reportDir));
  const sum = total(stages);
  console.log('');
  console.log(breakdownLine(sum));
  console.log(summaryLine(sum));
  process.exit(exitCodeFor(sum));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
