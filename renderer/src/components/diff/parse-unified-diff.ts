/** One line of a diff as drawn: its kind, its numbers in the old and new file, its text (without the +/-/space). */
export interface DiffLine {
  kind: 'context' | 'add' | 'del';
  oldNumber: number | null;
  newNumber: number | null;
  text: string;
}

/** A unified diff read for display: its hunks' lines, a gap between hunks, or no diff at all. */
export type ParsedDiff =
  /** Not a diff (a message main sent instead: binary content, a version that was not kept). */
  | { type: 'message'; text: string }
  /** A diff with no hunk: the two sides are the same. */
  | { type: 'same' }
  /** `unread`: diff lines past `maxLines`, counted but not read (never drawn). */
  | { type: 'changes'; hunks: DiffLine[][]; unread: number };

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;
/** Patch headers: never shown, they say nothing the card does not (the path is on the card). */
const HEADER = /^(Index: |={3,}$|--- |\+\+\+ |diff |new file mode|deleted file mode)/;

/**
 * Reads a unified diff (as `createTwoFilesPatch` writes it) into numbered lines, dropping the
 * patch headers and the "\ No newline at end of file" markers. Text that has neither headers nor
 * hunks is a message, shown as it is. Only the first `maxLines` diff lines are read; the rest are
 * counted.
 */
export function parseUnifiedDiff(diff: string, maxLines = Infinity): ParsedDiff {
  const hunks: DiffLine[][] = [];
  let current: DiffLine[] | null = null;
  let oldNumber = 0;
  let newNumber = 0;
  let sawHeader = false;
  let numbered = false;
  let read = 0;
  let unread = 0;
  for (let start = 0; start <= diff.length;) {
    const newline = diff.indexOf('\n', start);
    const end = newline === -1 ? diff.length : newline;
    const first = diff.charAt(start);
    // Past what is drawn, a line is only counted (a huge diff costs the window no more than a large one).
    if (read >= maxLines) {
      if (first === '+' || first === '-' || first === ' ') unread += 1;
      start = end + 1;
      continue;
    }
    const line = diff.slice(start, end);
    start = end + 1;
    const hunk = HUNK.exec(line);
    if (hunk) {
      current = [];
      hunks.push(current);
      numbered = true;
      oldNumber = Number(hunk[1]);
      newNumber = Number(hunk[2]);
      continue;
    }
    if (current === null && HEADER.test(line)) {
      sawHeader = true;
      continue;
    }
    if (line.startsWith('\\')) continue;
    const kind = line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith(' ') ? 'context' : null;
    if (kind === null) continue;
    // Lines before any hunk header (a bare "+line" diff): drawn without numbers.
    if (current === null) {
      current = [];
      hunks.push(current);
    }
    const oldLine = kind === 'add' || !numbered ? null : oldNumber++;
    const newLine = kind === 'del' || !numbered ? null : newNumber++;
    current.push({ kind, oldNumber: oldLine, newNumber: newLine, text: line.slice(1) });
    read += 1;
  }
  if (hunks.length > 0) return { type: 'changes', hunks, unread };
  return sawHeader || diff.trim() === '' ? { type: 'same' } : { type: 'message', text: diff };
}
