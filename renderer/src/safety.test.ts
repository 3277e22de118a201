import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The test runs from the repository root (vitest's root); jsdom's import.meta.url is not a file URL.
const SRC = resolve(process.cwd(), 'renderer', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('renderer source rules', () => {
  it('found the renderer sources', () => {
    expect(files.some(({ path }) => path.endsWith('apply-events.ts'))).toBe(true);
  });

  it('never builds HTML from strings or evaluates code', () => {
    const offenders = files.filter(({ text }) =>
      /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(/.test(text),
    );
    expect(offenders.map(({ path }) => path)).toEqual([]);
  });

  it('imports only shared/, its own files and its libraries — never electron/, tools/ or Node built-ins', () => {
    const offenders = files.flatMap(({ path, text }) =>
      [...text.matchAll(/from '([^']+)'/g)]
        .map((match) => match[1] ?? '')
        // A relative import that leaves the renderer must land in shared/ (shared/tools/ is fine; the repo's tools/ is not).
        .filter((specifier) => {
          if (/^node:|^(fs|path|child_process|os|electron)$/.test(specifier)) return true;
          if (!specifier.startsWith('.')) return false;
          const target = posix.join('renderer/src', posix.dirname(path.replaceAll('\\', '/')), specifier);
          return !target.startsWith('renderer/') && !target.startsWith('shared/');
        })
        .map((specifier) => `${path}: ${specifier}`),
    );
    // vite.config.ts lives outside src/ and may use node:url; nothing inside src/ may.
    expect(offenders).toEqual([]);
  });

  it('imports nothing at runtime from shared files that carry zod (keeps the bundle small)', () => {
    const offenders = files.flatMap(({ path, text }) =>
      [...text.matchAll(/^import (?!type )[^;]*from '((?:\.\.\/)+shared\/(?:contract|settings))'/gm)].map(
        (match) => `${path}: ${match[1] ?? ''}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
