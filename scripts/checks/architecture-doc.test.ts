import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOP_FOLDERS = ['shared', 'electron', 'renderer', 'tools', 'test-support', 'e2e', 'bench', 'build', 'scripts', 'workflows', 'probes'];

/** Every `path` in backticks that starts with one of the repository's top-level folders. */
export function pathsNamedIn(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = (match[1] ?? '').replace(/[.,:;]$/, '');
    if (candidate.includes('<')) continue; // a pattern such as tools/<category>/<tool_id>.json
    if (TOP_FOLDERS.some((folder) => candidate === `${folder}/` || candidate.startsWith(`${folder}/`))) found.add(candidate);
  }
  return [...found];
}

describe('ARCHITECTURE.md', () => {
  const markdown = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');

  it('names real files: every path it mentions exists', () => {
    const paths = pathsNamedIn(markdown);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it('a path that does not exist is caught (a test of the test)', () => {
    const paths = pathsNamedIn('See `electron/services/agent/no-such-file.ts` and `shared/constants.ts`.');
    expect(paths).toEqual(['electron/services/agent/no-such-file.ts', 'shared/constants.ts']);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual(['electron/services/agent/no-such-file.ts']);
  });

  it('stays a map a newcomer reads in an hour: at most 450 lines, details in docs/', () => {
    expect(markdown.split('\n').length).toBeLessThanOrEqual(450);
  });

  it('links every topic document under docs/, and each link goes to a file that exists', () => {
    const linked = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? '');
    expect(linked.filter((target) => !existsSync(path.join(ROOT, target)))).toEqual([]);
    const topics = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(topics.filter((name) => !linked.includes(`docs/${name}`))).toEqual([]);
  });

  // docs/compatibility.md cites other projects' files (llama.cpp's tools/server/…), so it is not held to this.
  const topicDocs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'compatibility.md')
    .map((name) => `docs/${name}`);
  it.each(['BENCHMARKS.md', 'README.md', ...topicDocs])('the other maps name real files too: %s', (doc) => {
    const paths = pathsNamedIn(readFileSync(path.join(ROOT, doc), 'utf8'));
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it('the README links to it and to nothing outside the repository', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('ARCHITECTURE.md');
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });
});
