import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changedSince } from './mutation-changed';
import { allMutationTests, MUTATION_TARGETS, targetsForChange } from './mutation-targets';

const root = new URL('../../', import.meta.url);

describe('the mutation targets', () => {
  it('are exactly the files stryker.config.json mutates, and every file and test named exists', () => {
    const config = JSON.parse(readFileSync(new URL('stryker.config.json', root), 'utf8')) as { mutate: string[] };
    expect(config.mutate).toEqual(Object.keys(MUTATION_TARGETS));
    for (const file of [...Object.keys(MUTATION_TARGETS), ...allMutationTests()]) expect(existsSync(new URL(file, root)), file).toBe(true);
    for (const target of Object.values(MUTATION_TARGETS)) expect(target.tests.length).toBeGreaterThan(0);
  });

  it('cover the decision files as well as the safety ones', () => {
    const kinds = (kind: string): string[] =>
      Object.entries(MUTATION_TARGETS).flatMap(([file, target]) => (target.kind === kind ? [file] : []));
    expect(kinds('decision')).toEqual(
      expect.arrayContaining([
        'shared/probe/probe-report.ts',
        'electron/services/probe/tuning-choice.ts',
        'electron/services/store/timeline/branch-tree.ts',
        'electron/services/store/conversations/foreign-import/claude-export.ts',
        'electron/services/agent/loop/stop-conditions.ts',
        'electron/services/provider/provider-error-mapping.ts',
      ]),
    );
    expect(kinds('safety')).toEqual(
      expect.arrayContaining(['shared/approvals/approval-scope.ts', 'electron/sandbox/platform/bwrap-args.ts']),
    );
  });
});

describe('which files a change calls to mutate', () => {
  it('a changed target file, and only targets: other changed files are ignored', () => {
    expect(targetsForChange(['README.md', 'electron/services/store/timeline/branch-tree.ts', 'renderer/src/App.tsx'])).toEqual([
      'electron/services/store/timeline/branch-tree.ts',
    ]);
    expect(targetsForChange([])).toEqual([]);
    expect(targetsForChange(['electron/services/store/timeline/branch-tree.test.ts.orig'])).toEqual([]);
  });

  it('every target a changed test guards (a weakened test lets mutants live too)', () => {
    expect(targetsForChange(['electron/services/store/conversations/foreign-import/read-import-file.test.ts'])).toEqual([
      'electron/services/store/conversations/foreign-import/read-import-file.ts',
      'electron/services/store/conversations/foreign-import/imported-turns.ts',
      'electron/services/store/conversations/foreign-import/chatgpt-export.ts',
      'electron/services/store/conversations/foreign-import/claude-export.ts',
    ]);
  });

  it('keeps the list’s order, names each file once, and reads paths as git prints them', () => {
    expect(
      targetsForChange(['./shared/probe/report-card.ts', 'shared/approvals/approval-scope.ts ', 'shared/probe/report-card.ts']),
    ).toEqual(['shared/approvals/approval-scope.ts', 'shared/probe/report-card.ts']);
  });

  it('the change is everything since the merge base: commits, edits and new files, each once', () => {
    const calls: string[][] = [];
    const git = (args: string[]): string => {
      calls.push(args);
      if (args[0] === 'merge-base') return 'abc123\n';
      if (args[0] === 'diff') return 'shared/probe/report-card.ts\nREADME.md\n\n';
      return 'shared/probe/report-card.ts\nscripts/new-file.ts\n';
    };
    expect(changedSince('main', git)).toEqual(['shared/probe/report-card.ts', 'README.md', 'scripts/new-file.ts']);
    expect(calls[0]).toEqual(['merge-base', 'HEAD', 'main']);
    // Against the merge base, not the tip of main: work others merged since does not count, and uncommitted edits do.
    expect(calls[1]).toEqual(['diff', '--name-only', '--no-renames', 'abc123']);
    expect(calls[2]).toEqual(['ls-files', '--others', '--exclude-standard']);
  });
});
