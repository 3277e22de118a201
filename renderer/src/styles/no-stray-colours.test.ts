import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The test runs from the repository root (vitest's root); jsdom's import.meta.url is not a file URL.
const SRC = resolve(process.cwd(), 'renderer', 'src');
const TOKENS = 'styles/tokens.css';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(css|ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A literal colour: #rgb, #rgba, #rrggbb, #rrggbbaa, or an rgb()/hsl() function. */
const CSS_COLOUR = /:[^;{}]*?(#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\()/i;
const SCRIPT_COLOUR = /['"`]#[0-9a-f]{3,8}['"`]|\b(?:rgba?|hsla?)\(\s*\d/i;

function strayColours(path: string, text: string): string[] {
  const pattern = path.endsWith('.css') ? CSS_COLOUR : SCRIPT_COLOUR;
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => pattern.test(line.replace(/\/\*.*?\*\//g, '')))
    .map(({ line, index }) => `${path}:${index + 1}: ${line.trim()}`);
}

describe('colours come from the design tokens only', () => {
  const sources = files(SRC).map((path) => ({ path: relative(SRC, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }));

  it('found the stylesheets and the token file', () => {
    expect(sources.some(({ path }) => path === TOKENS)).toBe(true);
    expect(sources.filter(({ path }) => path.endsWith('.css')).length).toBeGreaterThan(10);
  });

  it('has no colour literal outside tokens.css (use a custom property; add a role to tokens.css if none fits)', () => {
    const offenders = sources.filter(({ path }) => path !== TOKENS).flatMap(({ path, text }) => strayColours(path, text));
    expect(offenders).toEqual([]);
  });

  it('catches the literals it is meant to catch', () => {
    expect(strayColours('a.css', '  color: #fff;')).toHaveLength(1);
    expect(strayColours('a.css', '  background: linear-gradient(90deg, #f4b13d, var(--accent));')).toHaveLength(1);
    expect(strayColours('a.css', '  background: rgb(0 0 0 / 35%);')).toHaveLength(1);
    expect(strayColours('a.css', '  border: 1px solid var(--border, rgba(127, 127, 127, 0.25));')).toHaveLength(1);
    expect(strayColours('a.tsx', "const colour = '#d9622b';")).toHaveLength(1);
    expect(strayColours('a.css', '#root {')).toEqual([]);
    expect(strayColours('a.css', '  color: var(--text);')).toEqual([]);
  });
});
