import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, declaredProperties } from './contrast';
import { CONTRAST_PAIRS } from './token-contrast-pairs';

// The test runs from the repository root (vitest's root); jsdom's import.meta.url is not a file URL.
const tokens = readFileSync(resolve(process.cwd(), 'renderer/src/styles/tokens.css'), 'utf8');

const DARK_BY_SYSTEM = ":root:not([data-theme='light'])";
const DARK_BY_CHOICE = ":root[data-theme='dark']";

/** The light theme is the last `:root {` block (the first holds the scales). */
function lightTheme(): Map<string, string> {
  const lastRoot = tokens.lastIndexOf(':root {');
  return declaredProperties(tokens.slice(lastRoot), ':root');
}

const themes = {
  light: lightTheme(),
  dark: declaredProperties(tokens, DARK_BY_CHOICE),
};

describe('design tokens', () => {
  it('declares the dark theme identically for the system preference and the user choice', () => {
    expect([...declaredProperties(tokens, DARK_BY_SYSTEM)]).toEqual([...themes.dark]);
  });

  it('declares every colour role in both themes', () => {
    expect([...themes.dark.keys()].sort()).toEqual([...themes.light.keys()].sort());
  });

  for (const [theme, values] of Object.entries(themes)) {
    describe(`${theme} theme`, () => {
      for (const pair of CONTRAST_PAIRS) {
        it(`${pair.foreground} on ${pair.background} (${pair.where}) is at least ${pair.minimum}:1`, () => {
          const foreground = values.get(pair.foreground);
          const background = values.get(pair.background);
          expect(foreground, `${pair.foreground} is not declared`).toBeDefined();
          expect(background, `${pair.background} is not declared`).toBeDefined();
          const ratio = contrastRatio(foreground!, background!);
          expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(pair.minimum);
        });
      }
    });
  }
});

describe('contrastRatio', () => {
  it('matches the WCAG figures it is checked against', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The primary button this file replaced: white on #d9622b, 3.66:1 (issue UX III).
    expect(contrastRatio('#ffffff', '#d9622b')).toBeCloseTo(3.66, 2);
  });

  it('refuses a colour it cannot read rather than passing it', () => {
    expect(() => contrastRatio('rgb(0 0 0)', '#fff')).toThrow(/Not an opaque hex colour/);
  });
});
