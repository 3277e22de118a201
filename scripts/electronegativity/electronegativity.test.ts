import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFinding, readAllowList, staleEntries, unreviewedFindings, type AllowEntry } from './allow-list';
import { parseReport, REPO_ROOT, runElectronegativity, type Finding } from './run-electronegativity';

// The Electron host is the only folder allowed to use Electron's API (scripts/checks/dependency-rules.test.ts),
// so it is where every window, session and shell call lives: that is what the scan reads.
const ELECTRON_HOST = join(REPO_ROOT, 'electron', 'hosts', 'electron');
const BAD_WINDOW = join(REPO_ROOT, 'scripts', 'electronegativity', 'fixtures', 'bad-window');
const SCAN_TIMEOUT_MS = 120_000;

let host: Finding[];
let bad: Finding[];
let checksRun: number;
const allowList = readAllowList();

beforeAll(async () => {
  const [hostScan, badScan] = await Promise.all([runElectronegativity(ELECTRON_HOST), runElectronegativity(BAD_WINDOW)]);
  [host, bad, checksRun] = [hostScan.findings, badScan.findings, hostScan.checks];
}, SCAN_TIMEOUT_MS);

describe('Electronegativity on the Electron host', () => {
  it('has no HIGH or MEDIUM finding that is not reviewed in build/electronegativity-allowlist.json', () => {
    expect(checksRun).toBeGreaterThan(30);
    expect(unreviewedFindings(host, allowList).map(describeFinding)).toEqual([]);
  });

  it('reads the window where it is created: its literal webPreferences leave no isolation, sandbox or auxclick finding', () => {
    const checks = host.filter((finding) => finding.file === 'electron/hosts/electron/start-main.ts').map((finding) => finding.check);
    // The scanner saw the literal webPreferences (it flags the preload line inside them for review).
    expect(checks).toContain('PRELOAD_JS_CHECK');
    for (const check of ['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'AUXCLICK_JS_CHECK', 'NODE_INTEGRATION_JS_CHECK'])
      expect(checks).not.toContain(check);
  });

  it('keeps the allow-list honest: every entry still covers a finding, says why, and names tests that exist', () => {
    expect(staleEntries(host, allowList)).toEqual([]);
    for (const entry of allowList) {
      for (const test of entry.provedBy) expect(existsSync(join(REPO_ROOT, test)), `${entry.check}: ${test}`).toBe(true);
    }
  });
});

describe('the check itself (a test of the test)', () => {
  it('rejects a deliberately insecure window', () => {
    const rejected = unreviewedFindings(bad, allowList);
    const checks = rejected.map((finding) => `${finding.severity} ${finding.check}`);
    expect(checks).toEqual(
      expect.arrayContaining([
        'HIGH CONTEXT_ISOLATION_JS_CHECK',
        'MEDIUM SANDBOX_JS_CHECK',
        'MEDIUM AUXCLICK_JS_CHECK',
        // Global checks: no will-navigate/new-window limits, no permission handler, no CSP.
        'HIGH LIMIT_NAVIGATION_GLOBAL_CHECK',
        'MEDIUM PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
        'MEDIUM CSP_GLOBAL_CHECK',
      ]),
    );
    const window = rejected.find((finding) => finding.check === 'CONTEXT_ISOLATION_JS_CHECK');
    expect(window?.file).toBe('scripts/electronegativity/fixtures/bad-window/main.js');
    expect(window?.sample).toContain('contextIsolation: false');
  });

  it('an entry covers only its own check, file and code', () => {
    const entry: AllowEntry = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      file: 'a.ts',
      match: 'guarded(url)',
      why: 'x'.repeat(20),
      provedBy: ['t'],
    };
    const finding: Finding = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'TENTATIVE',
      file: 'a.ts',
      line: 3,
      sample: 'return guarded(url);',
      description: '',
    };
    expect(unreviewedFindings([finding], [entry])).toEqual([]);
    expect(unreviewedFindings([{ ...finding, line: 90 }], [entry])).toEqual([]);
    expect(unreviewedFindings([{ ...finding, file: 'b.ts' }], [entry])).toHaveLength(1);
    expect(unreviewedFindings([{ ...finding, check: 'PRELOAD_JS_CHECK' }], [entry])).toHaveLength(1);
    expect(unreviewedFindings([{ ...finding, sample: 'shell.openExternal(url)' }], [entry])).toHaveLength(1);
    expect(unreviewedFindings([{ ...finding, sample: 'x', severity: 'LOW' }], [entry])).toEqual([]);
    expect(staleEntries([{ ...finding, file: 'b.ts' }], [entry])).toEqual([entry]);
  });

  it('reads the scan report with repo-relative paths, and refuses an unknown format', () => {
    const finding = { check: 'X', severity: 'MEDIUM', confidence: 'FIRM', line: 3, sample: 's', description: 'd' };
    const text = JSON.stringify({
      checks: 40,
      findings: [
        { ...finding, file: join(REPO_ROOT, 'a', 'b.ts') },
        { ...finding, file: 'N/A' },
      ],
    });
    expect(parseReport(text).findings.map((f) => f.file)).toEqual(['a/b.ts', 'N/A']);
    expect(() => parseReport(JSON.stringify({ checks: 40, findings: [{ ...finding, file: 'a', severity: 'SEVERE' }] }))).toThrow(
      /severity/,
    );
  });
});
