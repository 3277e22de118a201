import { basename } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write';
import { backupBeforeMigration } from '../files/file-backup';
import { migrateTimelineText, needsMigration, timelineVersion } from './timeline-migrations';
import { TIMELINE_FORMAT_VERSION } from './timeline-records';

/**
 * Brings a timeline written by an older TACO to the current format: the file is first copied to
 * `<file>.v<N>.bak`, then replaced atomically by its migrated text. Returns the text to use (the
 * same text when no migration was needed).
 */
export async function upgradeTimeline(path: string, text: string, log: (message: string) => void): Promise<string> {
  const version = timelineVersion(text);
  if (!needsMigration(version)) return text;
  const backup = await backupBeforeMigration(path, version);
  const migrated = migrateTimelineText(text, version);
  await writeFileAtomic(path, migrated);
  log(
    `${basename(path)} was brought from format ${version} to format ${TIMELINE_FORMAT_VERSION}; the file as it was is kept as ${basename(backup)}.`,
  );
  return migrated;
}

/** Whether the first line of a timeline says it needs a migration. */
export function headerNeedsMigration(firstLine: string | null): boolean {
  return firstLine !== null && needsMigration(timelineVersion(firstLine));
}
