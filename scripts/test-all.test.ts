import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The runner itself, run on scratch suites: what `npm test` prints last is what CI reads, so a
 * skip, a todo, a flaky retry, a `.only` or a stage that ran nothing must show there. Scratch
 * suites live under node_modules/.cache so their imports of vitest and @playwright/test resolve.
 */
const repo = resolve(import.meta.dirname, '..');
const scratchRoot = join(repo, 'node_modules', '.cache');
mkdirSync(scratchRoot, { recursive: true });
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratchRoot, 'taco-runner-test-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A vitest suite the way a developer leaves one: the given test bodies, in one file. */
function vitestSuite(tests: string): string {
  return scratch({
    'vitest.config.mjs': `export default { test: { include: ['*.test.mjs'], root: import.meta.dirname } };\n`,
    'suite.test.mjs': `import { it, expect } from 'vitest';\n${tests}\n`,
  });
}

function playwrightSuite(tests: string, retries = 0): string {
  return scratch({
    'playwright.config.mjs': `export default { testDir: '.', testMatch: '*.spec.mjs', retries: ${retries}, workers: 1, forbidOnly: true, outputDir: './results' };\n`,
    'suite.spec.mjs': `import { test, expect } from '@playwright/test';\n${tests}\n`,
  });
}

interface RunnerResult {
  code: number | null;
  output: string;
  lastLine: string;
  /** The line just above the last: what the skipped and failed counts hold. */
  breakdown: string;
}

function runRunner(env: Record<string, string>): Promise<RunnerResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'scripts', 'test-all.ts')], {
      cwd: repo,
      env: { ...process.env, CI: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const lines = stdout.trimEnd().split('\n');
      done({ code, output, lastLine: lines.at(-1) ?? '', breakdown: lines.at(-2) ?? '' });
    });
  });
}

// Each test starts the runner, which starts vitest or Playwright: a limit for a loaded machine, not an expectation.
describe('npm test (scripts/test-all.ts) on scratch suites', { timeout: 180_000 }, () => {
  it('shows a deliberately added .skip and .todo on the last line, and stays green', async () => {
    const dir = vitestSuite(
      `it('passes', () => expect(1).toBe(1));\nit.skip('was skipped on purpose', () => expect(1).toBe(2));\nit.todo('is still to write');`,
    );
    const result = await runRunner({ TACO_TEST_STAGES: 'unit', TACO_VITEST_CONFIG: join(dir, 'vitest.config.mjs') });
    expect(result.lastLine).toBe('1 passed, 0 failed, 2 skipped');
    expect(result.breakdown).toBe('(skipped: 1 skipped, 1 todo; failed: 0 of them flaky, passed only on a retry)');
    expect(result.code).toBe(0);
  });

  it('fails a .only even outside CI, instead of running one test and skipping the rest', async () => {
    const dir = vitestSuite(`it.only('the one I was debugging', () => expect(1).toBe(1));\nit('the rest', () => expect(1).toBe(1));`);
    const result = await runRunner({ TACO_TEST_STAGES: 'unit', TACO_VITEST_CONFIG: join(dir, 'vitest.config.mjs') });
    expect(result.lastLine).toMatch(/^\d+ passed, [1-9]\d* failed(, \d+ skipped)?$/);
    expect(result.code).toBe(1);
  });

  it('fails a stage that executed nothing', async () => {
    const dir = scratch({
      'vitest.config.mjs': `export default { test: { include: ['none/*.test.mjs'], passWithNoTests: true, root: import.meta.dirname } };\n`,
    });
    const result = await runRunner({ TACO_TEST_STAGES: 'unit', TACO_VITEST_CONFIG: join(dir, 'vitest.config.mjs') });
    expect(result.output).toContain('vitest executed no test');
    expect(result.lastLine).toBe('0 passed, 1 failed');
    expect(result.code).toBe(1);
  });

  it('counts a Playwright test that passed only on its retry as flaky and failed, never passed', async () => {
    const dir = playwrightSuite(
      `test('steady', () => expect(1).toBe(1));\ntest('flaky', ({}, info) => expect(info.retry).toBe(1));\ntest.skip('skipped on purpose', () => {});`,
      1,
    );
    // The scratch specs open no page: any existing file stands in for Chromium.
    const result = await runRunner({
      TACO_TEST_STAGES: 'e2e',
      TACO_PLAYWRIGHT_CONFIG: join(dir, 'playwright.config.mjs'),
      TACO_CHROMIUM: process.execPath,
    });
    expect(result.lastLine).toBe('1 passed, 1 failed, 1 skipped');
    expect(result.breakdown).toBe('(skipped: 1 skipped, 0 todo; failed: 1 of them flaky, passed only on a retry)');
    expect(result.code).toBe(1);
  });

  it('without Chromium, fails and names the commands that get one', async () => {
    const result = await runRunner({ TACO_TEST_STAGES: 'e2e', TACO_CHROMIUM: join(scratchRoot, 'no-such-chromium') });
    expect(result.output).toContain('sudo apt-get install chromium');
    expect(result.output).toContain('npx playwright install chromium');
    expect(result.lastLine).toBe('0 passed, 1 failed');
    expect(result.code).toBe(1);
  });

  it('refuses a stage name it does not know rather than running less than asked', async () => {
    const result = await runRunner({ TACO_TEST_STAGES: 'unit,units' });
    expect(result.output).toContain('unknown stages: units');
    expect(result.lastLine).toBe('0 passed, 1 failed');
    expect(result.code).toBe(1);
  });
});
