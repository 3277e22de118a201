import { DEFAULTS } from '../../../../shared/constants';

export interface CappedText {
  text: string;
  truncated: boolean;
}

/** "[… 12,345 characters cut …]" */
export function cutMarker(cutChars: number): string {
  return `[… ${cutChars.toLocaleString('en-US')} characters cut …]`;
}

/** Keep the head and the tail of `text` within `limit` characters, with a marker saying how much was cut. */
export function capText(text: string, limit: number): CappedText {
  if (text.length <= limit) return { text, truncated: false };
  // The marker's length depends on the number it shows: size the room for the real cut.
  let room = Math.max(0, limit - cutMarker(text.length).length - 2);
  room += cutMarker(text.length).length - cutMarker(text.length - room).length;
  const head = Math.ceil(room * 0.6);
  const tail = room - head;
  const cut = text.length - head - tail;
  const tailText = tail > 0 ? text.slice(text.length - tail) : '';
  return { text: `${text.slice(0, head)}\n${cutMarker(cut)}\n${tailText}`, truncated: true };
}

export function perToolLimit(tool: string): number {
  return DEFAULTS.toolOutputLimitChars[tool] ?? DEFAULTS.toolOutputLimitChars.default ?? 2000;
}

/** The per-turn budget: larger for models whose context is large. */
export function turnBudgetChars(budgetChars: number, contextTokens: number | null): number {
  const large = contextTokens !== null && contextTokens >= DEFAULTS.largeContextTokens;
  return large ? budgetChars * DEFAULTS.agent.largeContextBudgetFactor : budgetChars;
}

export interface OutputBudget {
  /** Caps one tool result and charges what is kept against the turn's budget. */
  cap(tool: string, output: string): CappedText;
  remaining(): number;
}

/**
 * A cumulative output tracker, as the design documents describe it: each result is held to its tool's limit and
 * to what is left of the turn's budget (never below a small floor, so the model always sees
 * something), and what it keeps is charged against the budget.
 */
export function createOutputBudget(totalChars: number): OutputBudget {
  let used = 0;
  return {
    cap(tool, output) {
      const left = Math.max(0, totalChars - used);
      const limit = Math.max(DEFAULTS.agent.minToolOutputChars, Math.min(perToolLimit(tool), left));
      const capped = capText(output, limit);
      used += capped.text.length;
      return capped;
    },
    remaining: () => Math.max(0, totalChars - used),
  };
}
