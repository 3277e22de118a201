import { constants } from 'node:fs';
import { chmod, copyFile } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';
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
    // A copy takes the original's mode, which an older version may have left group/other-readable.
    await chmod(target, DEFAULTS.store.fileMode);
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return target;
}
