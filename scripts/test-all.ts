/**
 * `npm test`: typecheck, lint, format check, unit + integration (vitest), end to end (Playwright in Chromium through
 * the bundled web host). Runs every stage even when one fails, then prints ONE plain line that CI reads:
 * `N passed, N failed`. Exits non-zero when anything failed or nothing ran.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface StageCount {
  passed: number;
  failed: number;
}

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

function numberAt(value: unknown, key: string): number {
  if (value && typeof value === 'object' && key in value) {
    const found = (value as Record<string, unknown>)[key];
    return typeof found === 'number' ? found : 0;
  }
  return 0;
}

async function typecheck(): Promise<StageCount> {
  console.log('\n== Typecheck ==');
  const code = await run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  if (code !== 0) console.error('Typecheck failed (counted as one failure).');
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/** A check that passes or fails as a whole (lint, format): one test in the summary. */
async function check(title: string, command: string, args: string[], failure: string): Promise<StageCount> {
  console.log(`\n== ${title} ==`);
  const code = await run(command, args);
  if (code !== 0) console.error(failure);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

async function unit(reportDir: string): Promise<StageCount> {
  console.log('\n== Unit and integration tests (vitest) ==');
  const out = join(reportDir, 'vitest.json');
  const code = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const report = readJson(out);
  const passed = numberAt(report, 'numPassedTests');
  let failed = numberAt(report, 'numFailedTests');
  // A suite that fails to load has no failed tests but a failed file: count it.
  failed += numberAt(report, 'numFailedTestSuites') > 0 && failed === 0 ? numberAt(report, 'numFailedTestSuites') : 0;
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

async function endToEnd(reportDir: string): Promise<StageCount> {
  console.log('\n== Renderer build ==');
  const build = await run('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn']);
  if (build !== 0) {
    console.error('The renderer did not build, so the end-to-end tests cannot run (counted as one failure).');
    return { passed: 0, failed: 1 };
  }
  console.log('\n== Web host build (what `npm run web` runs; the specs start it) ==');
  const host = await run('npx', ['vite', 'build', '--config', 'web.vite.config.ts', '--logLevel', 'warn']);
  if (host !== 0) {
    console.error('The web host did not build, so the end-to-end tests cannot run (counted as one failure).');
    return { passed: 0, failed: 1 };
  }
  console.log('\n== End-to-end tests (Playwright, Chromium, web host) ==');
  const out = join(reportDir, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    // Built just above: the Playwright global setup need not build it again.
    ...(process.env.TACO_E2E_HOST === 'source' ? {} : { TACO_E2E_HOST: 'built' }),
  });
  const stats = (readJson(out) as { stats?: unknown } | null)?.stats;
  const passed = numberAt(stats, 'expected') + numberAt(stats, 'flaky');
  let failed = numberAt(stats, 'unexpected');
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

async function main(): Promise<void> {
  const reportDir = mkdtempSync(join(tmpdir(), 'taco-test-'));
  const stages = [
    await typecheck(),
    await check(
      'Lint (ESLint with type information)',
      'npx',
      ['eslint', '--max-warnings', '0', '.'],
      'Lint failed (counted as one failure): run `npm run lint`.',
    ),
    await check(
      'Format (Prettier)',
      'npx',
      ['prettier', '--check', '--log-level', 'warn', '.'],
      'Formatting differs (counted as one failure): run `npm run format`.',
    ),
    await unit(reportDir),
    await endToEnd(reportDir),
  ];
  const passed = stages.reduce((sum, stage) => sum + stage.passed, 0);
  const failed = stages.reduce((sum, stage) => sum + stage.failed, 0);
  console.log('');
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

void main();
