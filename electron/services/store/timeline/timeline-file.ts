import { DEFAULTS } from '../../../../shared/constants';
import { appendFile, open, readFile, stat } from 'node:fs/promises';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { isNotFound } from '../conversations/conversation-index';
import { writeAndStat, type WrittenFile } from '../files/inline-writes';
import { TIMELINE_FORMAT, TIMELINE_FORMAT_VERSION, serializeRecord, type TimelineRecord } from './timeline-records';

/** Low-level operations on one timeline file. Callers serialize them per file. */

/** The header line (and a pin and options, which the header does not carry) that starts a timeline. */
export function headerLines(summary: ConversationSummary, at: number): string {
  const records: TimelineRecord[] = [
    {
      type: 'header',
      format: TIMELINE_FORMAT,
      version: TIMELINE_FORMAT_VERSION,
      conversationId: summary.conversationId,
      createdAt: summary.createdAt,
      title: summary.title,
      model: summary.model,
    },
  ];
  if (summary.pinned) records.push({ type: 'meta', at, patch: { pinned: true } });
  if (summary.options && Object.keys(summary.options).length > 0) records.push({ type: 'meta', at, patch: { options: summary.options } });
  return records.map((record) => `${serializeRecord(record)}\n`).join('');
}

/** Create a new timeline; fails if the file exists (ids are never reused). */
export async function createTimelineFile(path: string, summary: ConversationSummary, at: number): Promise<WrittenFile | null> {
  return writeAndStat(path, headerLines(summary, at), 'wx');
}

/** Whether the file ends with a newline (an empty file does); 'missing' when there is no file. */
export async function endsWithNewline(path: string): Promise<boolean | 'missing'> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if (isNotFound(error)) return 'missing';
    throw error;
  }
  if (size === 0) return true;
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(1);
    await handle.read(buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * Append whole lines in one write. When the file does not end with a newline (a torn last line
 * from a crash), a newline goes first so the new records never glue onto the fragment.
 */
export async function appendLines(path: string, body: string, endsClean: boolean): Promise<void> {
  await appendFile(path, endsClean ? body : `\n${body}`, { encoding: 'utf8', mode: DEFAULTS.store.fileMode });
}

/**
 * appendLines through one handle, and the file's size and mtime just after the write from that
 * handle (fstat), inline when small (inline-writes.ts). Null instead of the stat when it cannot be read.
 */
export async function appendLinesAndStat(path: string, body: string, endsClean: boolean): Promise<WrittenFile | null> {
  return writeAndStat(path, endsClean ? body : `\n${body}`, 'a');
}

/** The file's text, or null when it does not exist. */
export async function readTimelineText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The file's size in bytes, or null when it does not exist. */
export async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The first line of a file (without its newline), reading at most `maxBytes`; null when there is no file. */
export async function readFirstLine(path: string, maxBytes = 16 * 1024): Promise<string | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.indexOf('\n');
    return end === -1 ? text : text.slice(0, end);
  } finally {
    await handle.close();
  }
}
