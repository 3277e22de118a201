import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT, type Finding } from './run-electronegativity';

/**
 * A reviewed Electronegativity finding: the check, the file (repo-relative), a piece of the
 * flagged code (line-insensitive, so edits above it do not break the entry), why it is safe and
 * which tests prove that.
 */
const entrySchema = z.object({
  check: z.string().min(1),
  file: z.string().min(1),
  match: z.string().min(1),
  why: z.string().min(20),
  provedBy: z.array(z.string().min(1)).min(1),
});
export type AllowEntry = z.infer<typeof entrySchema>;

export const ALLOW_LIST_PATH = join(REPO_ROOT, 'build', 'electronegativity-allowlist.json');

export function readAllowList(path = ALLOW_LIST_PATH): AllowEntry[] {
  return z.object({ entries: z.array(entrySchema) }).parse(JSON.parse(readFileSync(path, 'utf8'))).entries;
}

export function isCovered(finding: Finding, entry: AllowEntry): boolean {
  return finding.check === entry.check && finding.file === entry.file && finding.sample.includes(entry.match);
}

/** What fails the check: every HIGH or MEDIUM finding that no reviewed entry covers. */
export function unreviewedFindings(findings: readonly Finding[], allowList: readonly AllowEntry[]): Finding[] {
  return findings.filter(
    (finding) => (finding.severity === 'HIGH' || finding.severity === 'MEDIUM') && !allowList.some((entry) => isCovered(finding, entry)),
  );
}

/** Entries that cover nothing any more (the code changed): they must be removed, not kept "just in case". */
export function staleEntries(findings: readonly Finding[], allowList: readonly AllowEntry[]): AllowEntry[] {
  return allowList.filter((entry) => !findings.some((finding) => isCovered(finding, entry)));
}

export function describeFinding(finding: Finding): string {
  return `${finding.severity} ${finding.check} ${finding.file}:${finding.line} ${finding.sample}`;
}
