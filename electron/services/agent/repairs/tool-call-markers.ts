/**
 * Tool-call wrappers that chat templates make models write into plain text when no parser takes
 * them out (no `tools` sent: the summary step, the prompt-based format, a server without a tool
 * parser): hermes/qwen `<tool_call>\n{…}\n</tool_call>`, mistral `[TOOL_CALLS][{…}]` (and the newer
 * `[TOOL_CALLS]name[ARGS]{…}`), llama 3.x `<|python_tag|>{…}`. This stream rewrites each into
 * JSON objects on lines of their own, the form the text-call filter reads, so the raw markers are
 * never shown and the calls are read like any other call written as JSON.
 */
export interface MarkerNormalizer {
  /** Feed a delta; returns what can be passed on now (a marker cut across deltas is held). */
  push(delta: string): string;
  /** The end of the step: whatever was held, rewritten. */
  end(): string;
}

const LINE_MARKERS = ['<tool_call>', '</tool_call>', '<|python_tag|>', '<|eom_id|>'] as const;
const MISTRAL = '[TOOL_CALLS]';
const ALL = [...LINE_MARKERS, MISTRAL];

/** How many trailing characters of `text` could start one of the markers. */
function heldTail(text: string): number {
  let longest = 0;
  for (const marker of ALL) {
    for (let length = Math.min(marker.length - 1, text.length); length > longest; length -= 1) {
      if (marker.startsWith(text.slice(text.length - length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** `[{…}, {…}]` or `name[ARGS]{…}` (several joined by further [TOOL_CALLS]) → one JSON object per line. */
export function mistralCallsAsLines(body: string): string | null {
  const trimmed = body.trim();
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    if (list.length > 0 && list.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item)))
      return list.map((item) => JSON.stringify(item)).join('\n');
  } catch {
    // Not one JSON value: the name[ARGS]{…} form, or an unreadable call.
  }
  const parts = trimmed
    .split(MISTRAL)
    .map((part) => part.trim())
    .filter(Boolean);
  const lines: string[] = [];
  for (const part of parts) {
    const at = part.indexOf('[ARGS]');
    if (at <= 0) return null;
    const name = part.slice(0, at).trim();
    const args = part.slice(at + '[ARGS]'.length).trim();
    lines.push(`{"name": ${JSON.stringify(name)}, "arguments": ${args}}`);
  }
  return lines.length > 0 ? lines.join('\n') : null;
}

export function createMarkerNormalizer(): MarkerNormalizer {
  let pending = '';
  /** After [TOOL_CALLS] everything up to the end is the calls: held and rewritten at the end. */
  let mistral: string | null = null;

  const rewrite = (text: string): string => {
    let out = text;
    for (const marker of LINE_MARKERS) out = out.split(marker).join('\n');
    return out;
  };

  return {
    push(delta) {
      if (mistral !== null) {
        mistral += delta;
        return '';
      }
      pending += delta;
      const at = pending.indexOf(MISTRAL);
      if (at >= 0) {
        const before = pending.slice(0, at);
        mistral = pending.slice(at + MISTRAL.length);
        pending = '';
        return rewrite(before);
      }
      const hold = heldTail(pending);
      const ready = pending.slice(0, pending.length - hold);
      pending = pending.slice(pending.length - hold);
      return rewrite(ready);
    },
    end() {
      if (mistral !== null) {
        const lines = mistralCallsAsLines(mistral);
        const body = mistral;
        mistral = null;
        // An unreadable call stays a block the filter reports as unreadable, never the raw marker.
        return lines !== null ? `\n${lines}\n` : `\n{"name": "(unreadable [TOOL_CALLS])", "arguments": ${JSON.stringify(body.trim())}}\n`;
      }
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
  };
}
