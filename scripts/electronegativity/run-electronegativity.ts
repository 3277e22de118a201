import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The Electron version the app ships (package.json devDependencies.electron). */
export const ELECTRON_VERSION = '45.4.1';

const findingSchema = z.object({
  check: z.string(),
  severity: z.enum(['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL']),
  confidence: z.string(),
  file: z.string(),
  line: z.number(),
  sample: z.string(),
  description: z.string(),
});
const reportSchema = z.object({ checks: z.number(), findings: z.array(findingSchema) });

/** One Electronegativity finding; `file` is relative to the repo, with `/` (global checks: `N/A`). */
export type Finding = z.infer<typeof findingSchema>;
export type Severity = Finding['severity'];

export interface ScanReport {
  /** How many checks ran (a scan with none would find nothing and pass anything). */
  checks: number;
  findings: Finding[];
}

const SCAN = fileURLToPath(new URL('./scan.cjs', import.meta.url));

/**
 * Runs Electronegativity (static, offline: see offline-got.cjs) on a folder in a child process
 * and returns its findings. Throws when the scan produced no report, so a broken scanner never
 * passes.
 */
export async function runElectronegativity(input: string): Promise<ScanReport> {
  const out = await mkdtemp(join(tmpdir(), 'taco-electronegativity-'));
  const report = join(out, 'report.json');
  try {
    const { code, output } = await runNode([SCAN, input, ELECTRON_VERSION, report]);
    let text: string;
    try {
      text = await readFile(report, 'utf8');
    } catch {
      throw new Error(`Electronegativity wrote no report (exit code ${code}):\n${output}`);
    }
    return parseReport(text);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The scan's JSON, validated, with repo-relative file names. */
export function parseReport(text: string): ScanReport {
  const report = reportSchema.parse(JSON.parse(text));
  return {
    checks: report.checks,
    findings: report.findings.map((finding) => ({
      ...finding,
      file: finding.file === 'N/A' ? 'N/A' : relative(REPO_ROOT, finding.file).split('\\').join('/'),
    })),
  };
}

function runNode(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LANG: 'en-US' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}
