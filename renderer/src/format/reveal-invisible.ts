/** Characters that change the direction text is shown in: an approval could read differently from what runs. */
function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f || code === 0x061c;
}

/** Characters that show as nothing (or almost nothing): zero-width, word joiner, BOM, soft hyphen, fillers, tags. */
function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200d) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff ||
    code === 0x00ad ||
    code === 0x180e ||
    code === 0x115f ||
    code === 0x1160 ||
    code === 0x3164 ||
    code === 0xffa0 ||
    (code >= 0xe0000 && code <= 0xe007f)
  );
}

export interface RevealedText {
  /** The text with each such character replaced by a visible escape like ⟦U+202E⟧. */
  text: string;
  bidi: number;
  invisible: number;
}

/** Reveals bidi controls and invisible characters in text the user is asked to approve. */
export function revealInvisible(text: string): RevealedText {
  let out = '';
  let bidi = 0;
  let invisible = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const isBidi = isBidiControl(code);
    if (isBidi || isInvisible(code)) {
      if (isBidi) bidi++;
      else invisible++;
      out += `⟦U+${code.toString(16).toUpperCase().padStart(4, '0')}⟧`;
    } else {
      out += char;
    }
  }
  return { text: out, bidi, invisible };
}

/** The warning line for an approval card, or null when there is nothing hidden. */
export function describeHiddenCharacters(counts: { bidi: number; invisible: number }): string | null {
  const { bidi, invisible } = counts;
  if (bidi === 0 && invisible === 0) return null;
  const parts: string[] = [];
  if (bidi > 0) parts.push(`${bidi} direction-changing`);
  if (invisible > 0) parts.push(`${invisible} invisible`);
  const total = bidi + invisible;
  return `This call contains ${parts.join(' and ')} character${total === 1 ? '' : 's'}, shown as ⟦U+…⟧. Text with them can read differently from what runs; deny unless you expected them.`;
}
