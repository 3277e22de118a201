import { DEFAULTS } from '../../../../../shared/constants';

export type FormulaCheck = { ok: true } | { ok: false; reason: string };

const CAPS = DEFAULTS.rendererMath;

/** Commands whose arguments nest a formula inside another (what made 400 nested \sqrt take seconds), with their arity. */
const NESTING_COMMANDS = new Map<string, number>([
  ['sqrt', 1],
  ['frac', 2],
  ['dfrac', 2],
  ['tfrac', 2],
  ['cfrac', 2],
  ['binom', 2],
  ['dbinom', 2],
  ['tbinom', 2],
  ['genfrac', 6],
  ['overline', 1],
  ['underline', 1],
  ['overbrace', 1],
  ['underbrace', 1],
  ['boxed', 1],
]);

interface Brace {
  nests: boolean;
  /** Arguments of the nesting command still to come after this one closes. */
  remaining: number;
}

/** How deep braces and \sqrt/\frac-like arguments nest, and how many cells tables make (`&`, `\\`). */
export function measureFormula(source: string): { braceDepth: number; nestingDepth: number; cells: number } {
  const stack: Brace[] = [];
  let braceDepth = 0;
  let nestingDepth = 0;
  let nesting = 0;
  let expectArgs = 0;
  let amps = 0;
  let rows = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === '\\') {
      const name = /^[a-zA-Z]+/.exec(source.slice(index + 1, index + 20))?.[0];
      if (name) {
        expectArgs = NESTING_COMMANDS.get(name) ?? 0;
        index += name.length;
        continue;
      }
      if (source[index + 1] === '\\') rows += 1;
      index += 1;
      expectArgs = 0;
      continue;
    }
    if (char === '{') {
      const nests = expectArgs > 0;
      stack.push({ nests, remaining: nests ? expectArgs - 1 : 0 });
      expectArgs = 0;
      if (nests) nesting += 1;
      braceDepth = Math.max(braceDepth, stack.length);
      nestingDepth = Math.max(nestingDepth, nesting);
      continue;
    }
    if (char === '}') {
      const closed = stack.pop();
      if (closed?.nests) nesting -= 1;
      expectArgs = closed?.nests ? closed.remaining : 0;
      continue;
    }
    if (char === '&') amps += 1;
    // Whitespace and an optional argument ([3] of \sqrt[3]{…}) keep a command waiting for its braces.
    if (char === '[' && expectArgs > 0) {
      const end = source.indexOf(']', index);
      if (end > index) index = end;
      continue;
    }
    if (!/\s/.test(char ?? '')) expectArgs = 0;
  }
  return { braceDepth, nestingDepth, cells: amps + rows + 1 };
}

/** Whether KaTeX may typeset this formula: within every cap, or the reason it shows as source instead. */
export function checkFormula(source: string): FormulaCheck {
  if (source.length > CAPS.maxFormulaChars) return { ok: false, reason: `longer than ${CAPS.maxFormulaChars} characters` };
  const { braceDepth, nestingDepth, cells } = measureFormula(source);
  if (braceDepth > CAPS.maxBraceDepth) return { ok: false, reason: `braces nested deeper than ${CAPS.maxBraceDepth}` };
  if (nestingDepth > CAPS.maxRootFracDepth) return { ok: false, reason: `roots or fractions nested deeper than ${CAPS.maxRootFracDepth}` };
  if (cells > CAPS.maxMatrixCells) return { ok: false, reason: `more than ${CAPS.maxMatrixCells} table cells` };
  return { ok: true };
}
