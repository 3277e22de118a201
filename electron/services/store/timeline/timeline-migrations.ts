import { TIMELINE_FORMAT, TIMELINE_FORMAT_VERSION } from './timeline-records';

type JsonRecord = Record<string, unknown>;

/**
 * One step per format version: how a record of version N becomes a record of version N + 1.
 * Records are plain parsed JSON here (an older shape need not fit today's schemas).
 *
 * 1 → 2: no record changed shape; version 2 added `options` to meta records and `workflow`
 * records, which a version-1 reader would skip as unreadable. Bumping the header makes an older
 * TACO say "written by a newer version" instead.
 * 2 → 3: no record changed shape; version 3 added `branch-selected` events, which a version-2
 * reader would skip (and show another branch than the one chosen).
 * 3 → 4: no record changed shape; version 4 added `projectId` to meta records, which a version-3
 * reader would skip (and show the conversation outside its project).
 */
const STEPS: Readonly<Record<number, (record: JsonRecord) => JsonRecord>> = {
  1: (record) => record,
  2: (record) => record,
  3: (record) => record,
};

/** The format version a timeline's text declares (its header), or null without a readable header. */
export function timelineVersion(text: string): number | null {
  const end = text.indexOf('\n');
  const first = end === -1 ? text : text.slice(0, end);
  const record = parseObject(first);
  if (!record || record.type !== 'header' || record.format !== TIMELINE_FORMAT) return null;
  return typeof record.version === 'number' && Number.isInteger(record.version) && record.version >= 1 ? record.version : null;
}

export function needsMigration(version: number | null): version is number {
  return version !== null && version < TIMELINE_FORMAT_VERSION;
}

/**
 * The text of a timeline brought from `fromVersion` to the current version, line by line. Lines
 * that cannot be parsed are kept byte for byte (the tolerant reader deals with them as before).
 */
export function migrateTimelineText(text: string, fromVersion: number): string {
  return text
    .split('\n')
    .map((line) => {
      const record = parseObject(line);
      if (!record) return line;
      let current = record;
      for (let version = fromVersion; version < TIMELINE_FORMAT_VERSION; version += 1) {
        const step = STEPS[version];
        if (!step) throw new Error(`No migration from timeline format ${version}.`);
        current = step(current);
      }
      if (current.type === 'header') current = { ...current, version: TIMELINE_FORMAT_VERSION };
      return JSON.stringify(current);
    })
    .join('\n');
}

function parseObject(line: string): JsonRecord | null {
  if (line.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
  } catch {
    return null;
  }
}
