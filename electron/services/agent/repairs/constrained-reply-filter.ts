import { parseTextToolCall } from './json-tool-call-parser';
import { createTextCallFilter, type TextCallFilter, type TextCallFilterEnd } from './text-call-filter';

export interface ConstrainedReplyFilter extends TextCallFilter {
  /** The reply was not one JSON object: the server ignored the format (read as the plain prompt format). */
  ignored(): boolean;
}

type Phase =
  | { type: 'start' }
  /** Inside `{"answer": "…`: the string's characters stream out as they are decoded. */
  | { type: 'answer'; at: number }
  /** The answer's closing quote was read; the rest of the object is not shown. */
  | { type: 'answered' }
  /** A call (or an object of another shape): held until the end, then parsed whole. */
  | { type: 'held'; from: number }
  | { type: 'fallback'; inner: TextCallFilter };

const HEADER = /^\s*(?:```(?:json)?[ \t]*\r?\n\s*)?\{\s*"((?:[^"\\]|\\.)*)"\s*:\s*/;
/** A start of HEADER: an optional ```json fence, `{`, and part of the first key. */
const COULD_BE_HEADER = /^\s*(?:`{1,3}(?:j|js|jso|json)?[ \t]*(?:\r?\n\s*)?)?(?:\{\s*(?:"(?:[^"\\]|\\.)*\\?(?:"\s*)?)?)?$/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Reads a reply written under the constrained format (constrained-format.ts): `{"answer": "…"}`
 * streams the answer's text as it arrives, decoded from the JSON string; `{"tool": …,
 * "parameters": …}` is held and becomes one call. A reply that does not start as a JSON object
 * means the server ignored the format: from then on it is read as the plain prompt-based format
 * (calls written as JSON blocks in text), and `ignored()` says so, so the run stops sending it.
 */
export function createConstrainedReplyFilter(): ConstrainedReplyFilter {
  let raw = '';
  let phase: Phase = { type: 'start' };
  let visible = '';

  const fallBack = (): string => {
    const inner = createTextCallFilter({ claim: (parse) => parse.type !== 'not-a-call' });
    phase = { type: 'fallback', inner };
    return inner.push(raw);
  };

  const decodeAnswer = (at: number): string => {
    let out = '';
    let index = at;
    while (index < raw.length) {
      const char = raw[index] as string;
      if (char === '"') {
        phase = { type: 'answered' };
        return out;
      }
      if (char !== '\\') {
        out += char;
        index += 1;
        continue;
      }
      const next = raw[index + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = raw.slice(index + 2, index + 6);
        if (hex.length < 4) break;
        out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : '';
        index += 6;
        continue;
      }
      out += ESCAPES[next] ?? next;
      index += 2;
    }
    phase = { type: 'answer', at: index };
    return out;
  };

  const advance = (): string => {
    if (phase.type === 'start') {
      const header = HEADER.exec(raw);
      // Not yet a whole first key: wait while it can still become one; anything else is not JSON.
      if (header === null) return COULD_BE_HEADER.test(raw) ? '' : fallBack();
      const start = raw.indexOf('{');
      if (header[1] !== 'answer') {
        phase = { type: 'held', from: start };
        return '';
      }
      const after = header[0].length;
      if (raw.length <= after) return '';
      if (raw[after] !== '"') {
        phase = { type: 'held', from: start };
        return '';
      }
      return decodeAnswer(after + 1);
    }
    if (phase.type === 'answer') return decodeAnswer(phase.at);
    return '';
  };

  return {
    push(delta) {
      raw += delta;
      if (phase.type === 'fallback') return phase.inner.push(delta);
      const out = advance();
      visible += out;
      return out;
    },
    end(): TextCallFilterEnd {
      if (phase.type === 'fallback') {
        const end = phase.inner.end();
        return end;
      }
      if (phase.type === 'held') {
        const body = raw.slice(phase.from).replace(/\s*```\s*$/, '');
        const parse = parseTextToolCall(body);
        if (parse.type === 'call') return { flushed: '', visible, calls: [parse.call], invalid: [] };
        if (parse.type === 'invalid') return { flushed: '', visible, calls: [], invalid: [parse.error] };
        // Valid JSON of another shape (or cut short): shown as it was written.
        visible += raw;
        return { flushed: raw, visible, calls: [], invalid: [] };
      }
      if (phase.type === 'start' && raw.trim() !== '') {
        // Cut short before its first key: whatever it was, show it.
        visible += raw;
        return { flushed: raw, visible, calls: [], invalid: [] };
      }
      return { flushed: '', visible, calls: [], invalid: [] };
    },
    ignored: () => phase.type === 'fallback',
  };
}
