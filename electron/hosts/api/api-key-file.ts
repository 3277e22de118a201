import { open } from 'node:fs/promises';
import { constants } from 'node:fs';
import { DEFAULTS } from '../../../shared/constants';
import { MIN_KEY_CHARS, type ApiKeySource } from './api-args';

/**
 * The headless API's key from where `parseApiArgs` said: the environment as it is, or a file that
 * only its owner can read (a key file readable by group or others is refused with the fix, as ssh
 * refuses a private key). The file is opened once and checked through the same handle.
 */
export async function readApiKey(source: ApiKeySource): Promise<{ key: string } | { error: string }> {
  if (source.type === 'env') return { key: source.value };
  let handle;
  try {
    handle = await open(source.path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return { error: `Could not open the key file ${source.path}: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { error: `The key file ${source.path} is not a regular file.` };
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      return {
        error: `The key file ${source.path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}). Make it private with: chmod 600 ${source.path}`,
      };
    }
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
      return { error: `The key file ${source.path} belongs to another user; use a key file of your own (chmod 600).` };
    }
    if (stat.size > DEFAULTS.gateway.maxKeyFileBytes) return { error: `The key file ${source.path} is too large to hold a key.` };
    const key = (await handle.readFile({ encoding: 'utf8' })).trim();
    if (key.length < MIN_KEY_CHARS) return { error: `The key in ${source.path} must be at least ${MIN_KEY_CHARS} characters.` };
    return { key };
  } finally {
    await handle.close();
  }
}
