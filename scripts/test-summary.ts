/**
 * What `npm test` counts, read from the reports vitest and Playwright write, and the one line CI
 * reads. Nothing here runs anything: scripts/test-all.ts runs the stages and prints the line.
 */

export interface StageCount {
  /** The stage's name in the messages ("vitest", "Playwright", "typecheck"). */
  stage: string;
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  /** Passed only on a retry (Playwright). Not a pass: it is counted in `failed` too. */
  flaky: number;
}

export function stageCount(stage: string, counts: Partial<Omit<StageCount, 'stage'>> = {}): StageCount {
  return { stage, passed: 0, failed: 0, skipped: 0, todo: 0, flaky: 0, ...counts };
}

function numberAt(value: unknown, key: string): number {
  if (value && typeof value === 'object' && key in value) {
    const found = (value as Record<string, unknown>)[key];
    return typeof found === 'number' ? found : 0;
  }
  return 0;
}

function arrayAt(value: unknown, key: string): unknown[] {
  if (value && typeof value === 'object' && key in value) {
    const found = (value as Record<string, unknown>)[key];
    return Array.isArray(found) ? found : [];
  }
  return [];
}

/**
 * vitest's JSON report (`--reporter=json`). Every test result is counted by its status, so a
 * skipped or todo test can never pass as nothing; a file that failed to load (no test failed, the
 * file did) counts as one failure.
 */
export function countVitest(report: unknown): StageCount {
  const count = stageCount('vitest');
  for (const file of arrayAt(report, 'testResults')) {
    const results = arrayAt(file, 'assertionResults');
    for (const result of results) {
      const status = (result as { status?: unknown }).status;
      if (status === 'passed') count.passed += 1;
      else if (status === 'failed') count.failed += 1;
      else if (status === 'todo') count.todo += 1;
      else count.skipped += 1; // 'skipped', 'pending' (never finished) and anything new
    }
    const fileFailed = (file as { status?: unknown }).status === 'failed';
    if (fileFailed && !results.some((result) => (result as { status?: unknown }).status === 'failed')) count.failed += 1;
  }
  return count;
}

/** Playwright's JSON report `stats`: flaky tests passed only on a retry, so they are failures here. */
export function countPlaywright(stats: unknown): StageCount {
  const flaky = numberAt(stats, 'flaky');
  return stageCount('Playwright', {
    passed: numberAt(stats, 'expected'),
    failed: numberAt(stats, 'unexpected') + flaky,
    skipped: numberAt(stats, 'skipped'),
    flaky,
  });
}

/**
 * A stage that exited non-zero without a failed test (it crashed, or refused a `.only`), or that
 * executed nothing at all (a filter that matched nothing, a config that found no files), counts
 * one failure, with the reason.
 */
export function settle(count: StageCount, exitCode: number): { count: StageCount; problem: string | null } {
  if (count.passed + count.failed === 0)
    return {
      count: { ...count, failed: 1 },
      problem: `${count.stage} executed no test (exit code ${exitCode}): counted as one failure.`,
    };
  if (exitCode !== 0 && count.failed === 0)
    return {
      count: { ...count, failed: 1 },
      problem: `${count.stage} exited with code ${exitCode} although no test failed: counted as one failure.`,
    };
  return { count, problem: null };
}

export function total(stages: readonly StageCount[]): StageCount {
  return stages.reduce(
    (sum, stage) => ({
      ...sum,
      passed: sum.passed + stage.passed,
      failed: sum.failed + stage.failed,
      skipped: sum.skipped + stage.skipped,
      todo: sum.todo + stage.todo,
      flaky: sum.flaky + stage.flaky,
    }),
    stageCount('total'),
  );
}

/**
 * The last line, the one CI reads: `N passed, N failed`, followed by `, N skipped` only when a test
 * was skipped (so a clean run ends with exactly the line CI expects and a skip still shows). Todo
 * tests did not run, so they count as skipped; flaky ones are already in `failed`. `breakdownLine`
 * names both just above it.
 */
export function summaryLine(sum: StageCount): string {
  const skipped = sum.skipped + sum.todo;
  // CI reads exactly `N passed, N failed`; a skip is never silent, so it is named when there is one.
  return `${sum.passed} passed, ${sum.failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/** The line before the last: what the skipped and failed counts hold. */
export function breakdownLine(sum: StageCount): string {
  return `(skipped: ${sum.skipped} skipped, ${sum.todo} todo; failed: ${sum.flaky} of them flaky, passed only on a retry)`;
}

/** Green only when something passed and nothing failed (flaky tests are in `failed`). */
export function exitCodeFor(sum: StageCount): number {
  return sum.failed > 0 || sum.passed === 0 ? 1 : 0;
}
