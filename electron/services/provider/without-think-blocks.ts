const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * `text` with each `<think>…</think>` block (any case) replaced by `replacement`, as
 * `text.replace(/<think>[\s\S]*?<\/think>/gi, replacement)` would, in one pass. That regex is
 * quadratic when openings have no closing: from each `<think>` it scans to the end, so a reply of
 * repeated `<think>` (a server that ignores max_tokens) held main's thread for minutes.
 */
export function withoutThinkBlocks(text: string, replacement = ''): string {
  const lower = text.toLowerCase();
  let out = '';
  let at = 0;
  for (;;) {
    const open = lower.indexOf(OPEN, at);
    if (open < 0) break;
    const close = lower.indexOf(CLOSE, open + OPEN.length);
    // No closing after this opening: none after any later opening either.
    if (close < 0) break;
    out += text.slice(at, open) + replacement;
    at = close + CLOSE.length;
  }
  return out + text.slice(at);
}
