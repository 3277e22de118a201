import { parseTextToolCall, type TextCallParse, type TextToolCall } from './json-tool-call-parser';

export interface TextCallFilterOptions {
  /** Whether a parsed block is taken out of the visible text (as a call, or as an unreadable call). */
  claim(parse: TextCallParse): boolean;
}

export interface TextCallFilterEnd {
  /** What remains to be shown (the held tail that turned out not to be a call). */
  flushed: string;
  /** Everything shown over the whole step. */
  visible: string;
  calls: TextToolCall[];
  /** Errors of blocks that were written as tool calls but could not be read. */
  invalid: string[];
}

export interface TextCallFilter {
  /** Feed a text delta; returns the text that is safe to show now. */
  push(delta: string): string;
  end(): TextCallFilterEnd;
}

type Verdict = { type: 'wait' } | { type: 'release'; upTo: number } | { type: 'block'; end: number; parse: TextCallParse };

/**
 * Holds back text that may be a tool call written as JSON, so it is never shown as the answer.
 * A candidate starts at a line that begins with `{` or a ``` fence; it is held until it is
 * complete (balanced braces, closing fence) or clearly not JSON (`{` not followed by `"`, a
 * ```python fence), then either claimed as a call or released as text. Text that is not a
 * candidate streams at once; only a whitespace-only last line waits for its next character.
 */
export function createTextCallFilter(options: TextCallFilterOptions): TextCallFilter {
  /**
   * Only the text not yet released or claimed is kept: indexing into a string that keeps growing
   * by `+=` flattens it every time, which made a long answer cost O(n²).
   */
  let text = '';
  let pos = 0;
  /** Whether text[0] starts a line (the text before it, already consumed, ended with a newline). */
  let startsLine = true;
  let visible = '';
  const calls: TextToolCall[] = [];
  const invalid: string[] = [];

  const advance = (final: boolean): string => {
    let out = '';
    while (pos < text.length) {
      const next = nextLineStart(text, pos, startsLine);
      if (next.type === 'none' || (next.type === 'partial' && final)) {
        out += text.slice(pos);
        pos = text.length;
        break;
      }
      out += text.slice(pos, next.lineStart);
      pos = next.lineStart;
      if (next.type === 'partial') break;
      const verdict = examine(text, next.start, final);
      if (verdict.type === 'wait') break;
      if (verdict.type === 'release') {
        out += text.slice(pos, verdict.upTo);
        pos = verdict.upTo;
        continue;
      }
      if (options.claim(verdict.parse)) {
        if (verdict.parse.type === 'call') calls.push(verdict.parse.call);
        if (verdict.parse.type === 'invalid') invalid.push(verdict.parse.error);
      } else {
        out += text.slice(pos, verdict.end);
      }
      pos = verdict.end;
    }
    if (pos > 0) {
      startsLine = text[pos - 1] === '\n';
      text = text.slice(pos);
      pos = 0;
    }
    visible += out;
    return out;
  };

  return {
    push(delta) {
      text += delta;
      return advance(false);
    },
    end() {
      const flushed = advance(true);
      return { flushed, visible, calls, invalid };
    },
  };
}

type LineStart = { type: 'none' } | { type: 'partial'; lineStart: number } | { type: 'candidate'; lineStart: number; start: number };

/**
 * The next line (at or after `from`) that starts with `{` or a backtick, or a whitespace-only last
 * line. `startsLine`: whether position 0 of `text` is the start of a line.
 */
function nextLineStart(text: string, from: number, startsLine: boolean): LineStart {
  let lineStart = from;
  const atLineStart = from > 0 ? text[from - 1] === '\n' : startsLine;
  if (!atLineStart) {
    const newline = text.indexOf('\n', from);
    if (newline < 0) return { type: 'none' };
    lineStart = newline + 1;
  }
  for (;;) {
    let i = lineStart;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i += 1;
    if (i >= text.length) return { type: 'partial', lineStart };
    if (text[i] === '{' || text[i] === '`') return { type: 'candidate', lineStart, start: i };
    const newline = text.indexOf('\n', i);
    if (newline < 0) return { type: 'none' };
    lineStart = newline + 1;
  }
}

function examine(text: string, start: number, final: boolean): Verdict {
  return text[start] === '{' ? examineObject(text, start, final) : examineFence(text, start, final);
}

function examineObject(text: string, start: number, final: boolean): Verdict {
  const first = firstNonSpace(text, start + 1);
  if (first < 0) return final ? { type: 'release', upTo: text.length } : { type: 'wait' };
  if (text[first] !== '"') return { type: 'release', upTo: start + 1 };
  const end = matchingBrace(text, start);
  if (end < 0) {
    return final ? { type: 'block', end: text.length, parse: parseTextToolCall(text.slice(start)) } : { type: 'wait' };
  }
  return { type: 'block', end, parse: parseTextToolCall(text.slice(start, end)) };
}

function examineFence(text: string, start: number, final: boolean): Verdict {
  const opening = text.slice(start, start + 3);
  if (opening !== '```') {
    return '```'.startsWith(opening) && !final ? { type: 'wait' } : { type: 'release', upTo: start + 1 };
  }
  const newline = text.indexOf('\n', start + 3);
  const info = text
    .slice(start + 3, newline < 0 ? text.length : newline)
    .trim()
    .toLowerCase();
  if (!'json'.startsWith(info) || (newline >= 0 && info !== '' && info !== 'json')) return { type: 'release', upTo: start + 3 };
  if (newline < 0) return final ? { type: 'release', upTo: text.length } : { type: 'wait' };
  const first = firstNonSpace(text, newline + 1);
  if (first < 0) return final ? { type: 'release', upTo: text.length } : { type: 'wait' };
  if (text[first] !== '{') return { type: 'release', upTo: start + 3 };
  const closing = /\n[ \t]*```/g;
  closing.lastIndex = first;
  const match = closing.exec(text);
  if (!match) {
    return final ? { type: 'block', end: text.length, parse: parseTextToolCall(text.slice(first)) } : { type: 'wait' };
  }
  const end = match.index + match[0].length;
  return { type: 'block', end, parse: parseTextToolCall(text.slice(first, match.index)) };
}

function firstNonSpace(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (!/\s/.test(text[i] ?? '')) return i;
  }
  return -1;
}

/** Index just after the `}` that closes the `{` at `start` (string-aware), or -1. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
