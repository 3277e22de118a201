import { createTwoFilesPatch } from 'diff';
import { DEFAULTS } from '../../shared/constants';

/** One side of a diff: the content (text or bytes), or null when there is no file. */
export type DiffSide = string | Buffer | null;

/**
 * The one diff of the app: write_file's approval card, confirming an undo, comparing two kept
 * versions. It runs on main's thread, so it is bounded: a side larger than
 * `DEFAULTS.diff.maxInputBytes` is never diffed, Myers gives up past `maxEditLines` changed lines
 * or `timeoutMs`, and a size summary stands in for it; the patch is cut at `maxChars`. Binary
 * content is described, not diffed.
 */
export function boundedDiff(path: string, from: DiffSide, to: DiffSide): string {
  if (isBinary(from) || isBinary(to))
    return `${path}: binary content (${describeSize(sizeOf(from))} → ${describeSize(sizeOf(to))}); no diff shown.`;
  if (tooLargeToDiff(sizeOf(from)) || tooLargeToDiff(sizeOf(to))) {
    return sizeSummary(path, sizeOf(from), sizeOf(to));
  }
  const before = textOf(from);
  const after = textOf(to);
  const raw = createTwoFilesPatch(
    from === null ? '/dev/null' : path,
    to === null ? '/dev/null' : path,
    before,
    after,
    undefined,
    undefined,
    {
      maxEditLength: DEFAULTS.diff.maxEditLines,
      timeout: DEFAULTS.diff.timeoutMs,
    },
  );
  if (raw === undefined) {
    return `${path}: too many changes to show as a diff. The file goes from ${lineCount(before)} lines (${Buffer.byteLength(before, 'utf8')} bytes) to ${lineCount(after)} lines (${Buffer.byteLength(after, 'utf8')} bytes).`;
  }
  // The library opens with an "=====" separator line meant for multi-file patches; one file is shown.
  const patch = raw.replace(/^={3,}\n/, '');
  const limit = DEFAULTS.diff.maxChars;
  return patch.length > limit ? `${patch.slice(0, limit)}\n… diff cut at ${limit} characters …` : patch;
}

/**
 * What stands in for a diff of contents too large to compare (or not read at all, because their
 * size is known to be over the limit): the sizes. `null`: no file.
 */
export function sizeSummary(path: string, fromBytes: number | null, toBytes: number | null): string {
  return `${path}: too large to show as a diff (over ${DEFAULTS.diff.maxInputBytes} bytes). The file goes from ${describeSize(fromBytes)} to ${describeSize(toBytes)}.`;
}

/** True when a side is over the size a diff reads: callers can summarise without reading it. */
export function tooLargeToDiff(bytes: number | null): boolean {
  return bytes !== null && bytes > DEFAULTS.diff.maxInputBytes;
}

function sizeOf(side: DiffSide): number | null {
  if (side === null) return null;
  return typeof side === 'string' ? Buffer.byteLength(side, 'utf8') : side.length;
}

function textOf(side: DiffSide): string {
  if (side === null) return '';
  return typeof side === 'string' ? side : side.toString('utf8');
}

function isBinary(side: DiffSide): boolean {
  return Buffer.isBuffer(side) && side.subarray(0, 8000).includes(0);
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

function describeSize(bytes: number | null): string {
  return bytes === null ? 'no file' : `${bytes} bytes`;
}
