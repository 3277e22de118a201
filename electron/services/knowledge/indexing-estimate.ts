import { DEFAULTS } from '../../../shared/constants';

/** What one pass over a folder has to read and has read: files and their bytes. */
export interface PassWork {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface EstimateRule {
  /** No estimate before this many files are read: the first ones say little about the pace. */
  minFiles: number;
  /** Each file costs this many bytes' worth of work besides its size (opening, parsing, chunking). */
  fileOverheadBytes: number;
}

export const ESTIMATE_RULE: EstimateRule = {
  minFiles: DEFAULTS.knowledge.estimateMinFiles,
  fileOverheadBytes: DEFAULTS.knowledge.estimateFileOverheadBytes,
};

/**
 * Seconds left in a pass at its pace so far, or null while there is no pace yet. The work is the
 * bytes to read plus a fixed cost per file, so one large PDF left counts for more than a small
 * note, and a folder of many tiny files is not estimated as nothing: time left = time so far ×
 * work left ÷ work done. Zero once every file is read.
 */
export function secondsLeft(work: PassWork, elapsedMs: number, rule: EstimateRule = ESTIMATE_RULE): number | null {
  if (work.filesDone >= work.filesTotal) return 0;
  if (work.filesDone < Math.max(1, rule.minFiles) || elapsedMs <= 0) return null;
  const units = (files: number, bytes: number): number => bytes + files * rule.fileOverheadBytes;
  const done = units(work.filesDone, work.bytesDone);
  const left = units(work.filesTotal - work.filesDone, Math.max(0, work.bytesTotal - work.bytesDone));
  return Math.ceil(((elapsedMs / done) * left) / 1000);
}
