import { readFile } from 'node:fs/promises';
import { appendDataFile } from '../../store/files/data-file';
import { versionRecordSchema, type VersionRecord } from '../../../../shared/documents/documents';

/**
 * Appends one record as a JSON line and fsyncs it before returning: once the caller goes on to
 * change the file, the record of what it was is on disk.
 */
export async function appendRecord(file: string, record: VersionRecord): Promise<void> {
  await appendDataFile(file, `${JSON.stringify(record)}\n`, { sync: true });
}

/**
 * Every readable record, in order. A line cut short by a crash (or any line that is not a
 * valid record) is skipped, so the records read are always consistent.
 */
export async function readRecords(file: string): Promise<VersionRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const records: VersionRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = versionRecordSchema.safeParse(value);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}

/** A line left without its newline by a crash would glue itself to the next record: end it first. */
export async function repairTail(file: string): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text && !text.endsWith('\n')) await appendDataFile(file, '\n');
}
