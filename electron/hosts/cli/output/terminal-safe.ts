const ESC = 0x1b;
const BEL = 0x07;
const C1_CSI = 0x9b;
const C1_OSC = 0x9d;
const C1_ST = 0x9c;

/**
 * Text as it may be printed to a terminal: escape sequences (CSI such as colours or "clear
 * screen", OSC such as OSC 52 that writes the clipboard or OSC 8 links) are dropped whole, and
 * every other C0/C1 control character and DEL is dropped; newline and tab stay. Everything the
 * model, a tool or a file controls goes through this outside --json. One linear pass, no regex.
 * A sequence cut at the end of `text` (a streamed chunk) loses its rest's introducer, so the
 * next chunk prints as plain characters, never as a command.
 */
export function terminalSafe(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === ESC || code === C1_CSI || code === C1_OSC) {
      i = skipSequence(text, i);
      continue;
    }
    if (code === 0x0a || code === 0x09 || !isControl(code)) out += text[i];
    i++;
  }
  return out;
}

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Index just past the escape sequence starting at `start`. */
function skipSequence(text: string, start: number): number {
  const code = text.charCodeAt(start);
  let kind: 'csi' | 'osc' | 'other';
  let i: number;
  if (code === C1_CSI) [kind, i] = ['csi', start + 1];
  else if (code === C1_OSC) [kind, i] = ['osc', start + 1];
  else {
    const next = text.charCodeAt(start + 1);
    if (next === 0x5b /* [ */) [kind, i] = ['csi', start + 2];
    else if (next === 0x5d /* ] */ || next === 0x50 /* P: DCS */ || next === 0x5f /* _: APC */ || next === 0x5e /* ^: PM */)
      [kind, i] = ['osc', start + 2];
    else return Math.min(text.length, start + 2); // ESC and one character (ESC 7, ESC c, ...)
  }
  if (kind === 'csi') {
    // Parameters and intermediates (0x20–0x3f), then one final byte (0x40–0x7e).
    while (i < text.length && text.charCodeAt(i) >= 0x20 && text.charCodeAt(i) <= 0x3f) i++;
    return i < text.length && text.charCodeAt(i) >= 0x40 && text.charCodeAt(i) <= 0x7e ? i + 1 : i;
  }
  // A string sequence runs to BEL, ST (ESC \ or U+009C) or the end of the text.
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BEL || c === C1_ST) return i + 1;
    if (c === ESC) return text.charCodeAt(i + 1) === 0x5c ? i + 2 : i;
    i++;
  }
  return i;
}
