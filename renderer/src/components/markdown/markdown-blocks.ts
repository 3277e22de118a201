/**
 * Splits markdown into top-level blocks at blank lines outside fenced code, so a streaming answer
 * re-parses only its growing last block: every earlier block is finished and keeps its text.
 * A block that continues the one before (an indented line, or the next item of the same list)
 * is joined to it, so loose lists and list paragraphs stay one list. Text with footnote or link
 * reference definitions stays one block (a definition only works in the same parse as its use).
 */
export function splitBlocks(text: string): string[] {
  // A footnote or link reference definition must be parsed with the text that refers to it.
  if (DEFINITION.test(text)) return [text];
  const chunks: string[] = [];
  let current: string[] = [];
  let fence: { char: string; length: number } | null = null;
  let blankRun: string[] = [];

  const closeChunk = (): void => {
    if (current.length > 0) chunks.push(current.join('\n'));
    current = [];
  };

  for (const line of text.split('\n')) {
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (line.trim() === '') {
      if (current.length > 0) blankRun.push(line);
      continue;
    }
    if (blankRun.length > 0) {
      // A blank line ended the block before: start a new chunk, keeping the blank lines with it
      // so the blocks joined back give the original text.
      closeChunk();
      current = [...blankRun];
      blankRun = [];
    }
    current.push(line);
    fence = opensFence(line);
  }
  closeChunk();
  if (blankRun.length > 0 && chunks.length > 0) chunks[chunks.length - 1] += `\n${blankRun.join('\n')}`;
  return mergeContinuations(chunks);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

function opensFence(line: string): { char: string; length: number } | null {
  const match = FENCE.exec(line);
  const marks = match?.[1];
  if (!marks) return null;
  // A backtick fence's info string may not contain backticks (then it is inline code).
  if (marks.startsWith('`') && line.slice(line.indexOf(marks) + marks.length).includes('`')) return null;
  return { char: marks.charAt(0), length: marks.length };
}

function closesFence(line: string, fence: { char: string; length: number }): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
  const marks = match?.[1];
  return Boolean(marks && marks.charAt(0) === fence.char && marks.length >= fence.length);
}

type ListKind = 'bullet' | 'ordered' | null;

function listKind(line: string): ListKind {
  if (/^ {0,3}[-*+][ \t]/.test(line)) return 'bullet';
  if (/^ {0,3}\d{1,9}[.)][ \t]/.test(line)) return 'ordered';
  return null;
}

function firstContentLine(chunk: string): string {
  return chunk.split('\n').find((line) => line.trim() !== '') ?? '';
}

function mergeContinuations(chunks: string[]): string[] {
  const blocks: string[] = [];
  let previousKind: ListKind = null;
  for (const chunk of chunks) {
    const first = firstContentLine(chunk);
    const kind = listKind(first);
    const last = blocks.length - 1;
    const continues =
      last >= 0 && (/^[ \t]/.test(first) ? previousKind !== null || /^( {4}|\t)/.test(first) : kind !== null && kind === previousKind);
    if (continues) {
      blocks[last] += `\n${chunk}`;
    } else {
      blocks.push(chunk);
      previousKind = kind;
    }
  }
  return blocks;
}
