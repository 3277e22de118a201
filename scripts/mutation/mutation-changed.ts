/**
 * `npm run test:mutation:changed [base]`: StrykerJS over the safety and decision files a change
 * touched, one file at a time (scripts/mutation/run-mutation.ts), before calling the work done. "Touched"
 * is what differs from where the branch left `base` (default `main`): commits, staged and unstaged
 * edits and new files; a target counts when its own file or one of its tests changed
 * (scripts/mutation/mutation-targets.ts). Exits non-zero when a run fails; `--list` prints the files only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { targetsForChange } from './mutation-targets';

/** The repository paths that differ from the merge base with `base`, new untracked files included. */
export function changedSince(base: string, git: (args: string[]) => string): string[] {
  const mergeBase = git(['merge-base', 'HEAD', base]).trim();
  const lines = [
    ...git(['diff', '--name-only', '--no-renames', mergeBase]).split('\n'),
    ...git(['ls-files', '--others', '--exclude-standard']).split('\n'),
  ];
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line !== ''))];
}

function main(argv: readonly string[]): number {
  const listOnly = argv.includes('--list');
  const base = argv.find((arg) => !arg.startsWith('--')) ?? 'main';
  const git = (args: string[]): string => execFileSync('git', args, { encoding: 'utf8' });
  const targets = targetsForChange(changedSince(base, git));
  if (targets.length === 0) {
    console.log(`No safety or decision file (nor its tests) changed since ${base}: nothing to mutate.`);
    return 0;
  }
  console.log(`Mutating ${targets.length} file(s) changed since ${base}:\n${targets.map((file) => `  ${file}`).join('\n')}`);
  if (listOnly) return 0;
  let failed = 0;
  for (const file of targets) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mutation/run-mutation.ts', file], { stdio: 'inherit' });
    if (run.status !== 0) failed += 1;
  }
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
