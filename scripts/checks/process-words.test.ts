import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { processWordsIn } from './process-words';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEXT_FILE = /\.(?:ts|tsx|js|cjs|mjs|css|html|md|json|yml|yaml|sh)$|^\.ci\/run$/;

/** Every text file git tracks (the lock file and generated snapshots aside). */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  // This check and its examples name the words they look for.
  const own = new Set(['scripts/checks/process-words.ts', 'scripts/checks/process-words.test.ts']);
  return listed.filter((file) => TEXT_FILE.test(file) && file !== 'package-lock.json' && !file.includes('__snapshots__') && !own.has(file));
}

describe('no words of the work process in the repository', () => {
  it('no tracked file names an issue number, a stop, a round or a work session', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(500);
    const hits = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), 'utf8');
      } catch {
        return []; // listed by git but removed in the working tree
      }
      return processWordsIn(text).map((hit) => `${file}:${hit.line}: ${hit.text}`);
    });
    expect(hits).toEqual([]);
  });

  it.each([
    ['an issue number', 'Tool selection (issue 13): the note', 1],
    ['an issue number with #', 'Branches (issue #36 item 1): editing', 1],
    ['a stop as time', 'measured in BENCHMARKS.md, "Ninth stop"', 1],
    ['this stop', 'Nothing changed this stop.', 1],
    ['a numbered stop', 'as of stop 12 the figure held', 1],
    ['a round of work', 'the round IV surfaces', 1],
    ['before this round', '| file | before this round | now |', 1],
    ['a work session', 'what this session installed', 1],
  ])('finds %s', (_kind, line, count) => {
    expect(processWordsIn(`first line\n${line}\nlast line`)).toEqual(count ? [{ line: 2, text: line }] : []);
  });

  it.each([
    'every stop condition ends the run with its reason',
    'Failed tool calls in a row that stop the run',
    'after the last round, one request without tools asks for a summary',
    'drops the oldest rounds of this run',
    'ollama/ollama issue 18264 measures it on a single-slot runner',
    'llama.cpp pull request 16391',
    'sessionStorage and the Electron session',
  ])('leaves product words alone: %s', (line) => {
    expect(processWordsIn(line)).toEqual([]);
  });
});
