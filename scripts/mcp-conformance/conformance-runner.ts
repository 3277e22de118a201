import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root (this file is in scripts/mcp-conformance/). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const SUITE_CLI = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const NODE20_PRELOAD = path.join(REPO_ROOT, 'scripts', 'mcp-conformance', 'node20-glob-sync.mjs');
/** The client under test, as the suite runs it (it appends the server URL). */
export const CLIENT_COMMAND = `npx tsx ${path.join('scripts', 'mcp-conformance-client.ts')}`;

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

/** One check of the suite's checks.json (the fields the table shows). */
export interface SuiteCheck {
  id: string;
  status: CheckStatus;
  description: string;
  errorMessage?: string;
}

export interface ScenarioResult {
  scenario: string;
  /** The spec versions the suite tags it with, e.g. "2025-11-25" or "draft". */
  specVersions: string;
  checks: SuiteCheck[];
  /** The suite's exit code for this scenario (0: passed). */
  exitCode: number;
}

/** Runs the suite's CLI (with the Node 20 preload) and collects stdout. */
function suite(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', NODE20_PRELOAD, SUITE_CLI, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

/** The client scenarios `conformance list` names, with their spec versions. */
export async function listClientScenarios(): Promise<{ scenario: string; specVersions: string }[]> {
  const { stdout } = await suite(['list']);
  const section = stdout.split(/Client scenarios[^\n]*\n/)[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+) \[([^\]]*)\]/gm)].map(([, scenario = '', specVersions = '']) => ({ scenario, specVersions }));
}

/** One scenario against scripts/mcp-conformance-client.ts; the checks come from the suite's checks.json. */
export async function runScenario(scenario: string, specVersions: string): Promise<ScenarioResult> {
  const outputDir = await mkdtemp(path.join(tmpdir(), 'taco-conformance-results-'));
  try {
    const { code } = await suite(['client', '--command', CLIENT_COMMAND, '--scenario', scenario, '-o', outputDir]);
    const checksFile = await findChecks(outputDir);
    const checks = checksFile ? (JSON.parse(await readFile(checksFile, 'utf8')) as SuiteCheck[]) : [];
    return { scenario, specVersions, checks, exitCode: code };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

async function findChecks(folder: string): Promise<string | null> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isFile() && entry.name === 'checks.json') return full;
    if (entry.isDirectory()) {
      const found = await findChecks(full);
      if (found) return found;
    }
  }
  return null;
}

/** Passed: the suite exited 0 and no check failed. */
export function passed(result: ScenarioResult): boolean {
  return result.exitCode === 0 && result.checks.every((check) => check.status !== 'FAILURE');
}

/** The checks that decide (INFO lines are the suite's request log). */
export function verdicts(result: ScenarioResult): SuiteCheck[] {
  return result.checks.filter((check) => check.status !== 'INFO');
}
