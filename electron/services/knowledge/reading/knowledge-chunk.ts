import { DEFAULTS } from '../../../../shared/constants';
import type { PassageLocation } from '../../../../shared/knowledge/knowledge';

/** A piece of a file as the index keeps it. */
export interface Chunk {
  text: string;
  location: PassageLocation;
  heading: string | null;
}

/**
 * A unit of a file's structure: a paragraph, a declaration, a list item. `section` changes at a
 * heading (markdown, HTML); blocks of different sections never share a chunk.
 */
export interface Block {
  text: string;
  startLine: number;
  endLine: number;
  heading: string | null;
  section: number;
}

export interface PackOptions {
  chunkChars: number;
  maxChunkChars: number;
}

const PACK: PackOptions = { chunkChars: DEFAULTS.knowledge.chunkChars, maxChunkChars: DEFAULTS.knowledge.maxChunkChars };

/** Paragraphs: runs of non-blank lines. */
export function plainBlocks(text: string): Block[] {
  return paragraphs(splitLines(text), () => ({ heading: null, section: 0 }));
}

const FENCE = /^\s{0,3}(```|~~~)/;
const ATX_HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Markdown: a heading starts a section (its text, with its parents, is the heading of what follows); fenced code is never split at its blank lines. */
export function markdownBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const blocks: Block[] = [];
  const trail: string[] = [];
  let section = 0;
  let fence: string | null = null;
  let current: { start: number; lines: string[] } | null = null;
  const close = (end: number): void => {
    if (current)
      blocks.push({ text: current.lines.join('\n'), startLine: current.start, endLine: end, heading: headingOf(trail), section });
    current = null;
  };
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence === null) {
      const heading = ATX_HEADING.exec(line);
      if (heading) {
        close(lineNo - 1);
        const level = heading[1]!.length;
        trail.length = Math.min(trail.length, level - 1);
        while (trail.length < level - 1) trail.push('');
        trail.push(heading[2]!);
        section += 1;
        current = { start: lineNo, lines: [line] };
        close(lineNo);
        return;
      }
      if (fenceMark) fence = fenceMark;
      if (line.trim() === '' && fence === null) {
        close(lineNo - 1);
        return;
      }
    } else if (fenceMark === fence) {
      fence = null;
    }
    if (!current) current = { start: lineNo, lines: [] };
    current.lines.push(line);
  });
  close(lines.length);
  return blocks;
}

const DECLARATION =
  /^(export\s+)?(default\s+)?(async\s+)?(abstract\s+)?(function\*?|class|interface|type|enum|const|let|var|def|fn|pub|impl|struct|trait|func|module|namespace|public|private|protected|internal|static|object|sub|proc|@\w+|#\[)/;

/**
 * Code: a declaration at the left margin (function, class, def, fn, …, with the comments and
 * decorators right above it) starts a block that runs to the next one; blank lines inside a body
 * do not split it. The declaration's first line is the block's heading.
 */
export function codeBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const starts: number[] = [0];
  for (let index = 1; index < lines.length; index += 1) {
    if (!DECLARATION.test(lines[index]!)) continue;
    // Comments and decorators directly above belong to the declaration.
    let start = index;
    while (start - 1 > starts[starts.length - 1]! && isLeadIn(lines[start - 1]!)) start -= 1;
    if (start > starts[starts.length - 1]!) starts.push(start);
  }
  const blocks: Block[] = [];
  starts.forEach((start, order) => {
    const end = (starts[order + 1] ?? lines.length) - 1;
    let first = start;
    let last = end;
    while (first <= last && lines[first]!.trim() === '') first += 1;
    while (last >= first && lines[last]!.trim() === '') last -= 1;
    if (first > last) return;
    const body = lines.slice(first, last + 1);
    const declaration = body.find((line) => DECLARATION.test(line)) ?? null;
    blocks.push({
      text: body.join('\n'),
      startLine: first + 1,
      endLine: last + 1,
      heading: declaration === null ? null : declaration.trim().slice(0, 120),
      section: 0,
    });
  });
  return blocks;
}

function isLeadIn(line: string): boolean {
  const trimmed = line.trim();
  return /^(\/\/|\/\*|\*|#(?!\[)|--|;|@)/.test(trimmed) || /^#\[/.test(trimmed);
}

/**
 * Blocks into chunks: consecutive blocks of one section share a chunk up to `chunkChars`; a block
 * over `maxChunkChars` is cut at line ends (a single line over it, at the limit). Each chunk's
 * location is the line range it covers (`locate` maps it for pages and sections).
 */
export function packBlocks(
  blocks: readonly Block[],
  locate: (block: { startLine: number; endLine: number; section: number }) => PassageLocation = lineRange,
  options: PackOptions = PACK,
): Chunk[] {
  const chunks: Chunk[] = [];
  let open: { parts: string[]; size: number; startLine: number; endLine: number; heading: string | null; section: number } | null = null;
  const flush = (): void => {
    if (open && open.parts.join('').trim() !== '') {
      chunks.push({ text: open.parts.join('\n\n'), location: locate(open), heading: open.heading });
    }
    open = null;
  };
  for (const whole of blocks) {
    for (const block of cutLongBlock(whole, options.maxChunkChars)) {
      if (block.text.trim() === '') continue;
      const current = open as typeof open;
      if (current && current.section === block.section && current.size + block.text.length + 2 <= options.chunkChars) {
        current.parts.push(block.text);
        current.size += block.text.length + 2;
        current.endLine = block.endLine;
        continue;
      }
      flush();
      open = {
        parts: [block.text],
        size: block.text.length,
        startLine: block.startLine,
        endLine: block.endLine,
        heading: block.heading,
        section: block.section,
      };
    }
  }
  flush();
  return chunks;
}

function lineRange(block: { startLine: number; endLine: number }): PassageLocation {
  return { kind: 'lines', start: block.startLine, end: Math.max(block.startLine, block.endLine) };
}

function cutLongBlock(block: Block, max: number): Block[] {
  if (block.text.length <= max) return [block];
  const pieces: Block[] = [];
  let lines: string[] = [];
  let size = 0;
  let start = block.startLine;
  let last = block.startLine;
  const push = (): void => {
    if (lines.length > 0) pieces.push({ ...block, text: lines.join('\n'), startLine: start, endLine: last });
    lines = [];
    size = 0;
  };
  splitLines(block.text).forEach((line, index) => {
    const lineNo = block.startLine + index;
    for (let offset = 0; offset === 0 || offset < line.length; offset += max) {
      const part = line.slice(offset, offset + max);
      if (lines.length > 0 && size + part.length + 1 > max) {
        push();
        start = lineNo;
      }
      lines.push(part);
      size += part.length + 1;
      last = lineNo;
    }
  });
  push();
  return pieces;
}

function paragraphs(lines: readonly string[], context: () => { heading: string | null; section: number }): Block[] {
  const blocks: Block[] = [];
  let start = -1;
  lines.forEach((line, index) => {
    if (line.trim() !== '') {
      if (start < 0) start = index;
      return;
    }
    if (start >= 0) blocks.push({ text: lines.slice(start, index).join('\n'), startLine: start + 1, endLine: index, ...context() });
    start = -1;
  });
  if (start >= 0) blocks.push({ text: lines.slice(start).join('\n'), startLine: start + 1, endLine: lines.length, ...context() });
  return blocks;
}

function headingOf(trail: readonly string[]): string | null {
  const named = trail.filter((part) => part !== '');
  return named.length > 0 ? named.join(' › ') : null;
}

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
