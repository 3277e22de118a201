import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { backupPath } from './data-dir';

/**
 * Copy a file to `<file>.v<N>.bak` before it is migrated from format N. An existing backup is
 * kept as it is: it holds the file as it was before the first attempt, which is the one to keep.
 * Returns the backup's path.
 */
export async function backupBeforeMigration(path: string, fromVersion: number): Promise<string> {
  const target = backupPath(path, fromVersion);
  try {
    await copyFile(path, target, constants.COPYFILE_EXCL);
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return target;
}
