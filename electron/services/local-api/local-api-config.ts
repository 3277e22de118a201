import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import { localApiConfigSchema, type LocalApiConfig } from '../../../shared/settings/local-api';
import { writeFileAtomic } from '../store/files/atomic-write';
import { readJsonFile } from '../store/files/read-json-file';

export const DEFAULT_LOCAL_API_CONFIG: LocalApiConfig = {
  enabled: false,
  port: DEFAULTS.gateway.defaultPort,
  keyHash: null,
  allowApprovals: DEFAULTS.gateway.allowApiApprovals,
};

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A new key: recognisable prefix + 32 random bytes. */
export function generateApiKey(): string {
  return `${DEFAULTS.gateway.keyPrefix}${randomBytes(DEFAULTS.gateway.keyBytes).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return sha256(key).toString('hex');
}

/** Whether `given` is the key whose hash is stored (constant time). */
export function keyMatchesHash(keyHash: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(Buffer.from(keyHash, 'hex'), sha256(given));
}

export interface LocalApiConfigStore {
  read(): Promise<LocalApiConfig>;
  write(config: LocalApiConfig): Promise<void>;
}

/** `<data folder>/local-api.json`; a missing or unreadable file is the default (off), never an error at start. */
export function createLocalApiConfigStore(dataDir: string): LocalApiConfigStore {
  const path = join(dataDir, DEFAULTS.gateway.configFileName);
  return {
    async read() {
      const file = await readJsonFile(path);
      if (file.type !== 'json') return DEFAULT_LOCAL_API_CONFIG;
      const parsed = localApiConfigSchema.safeParse(file.value);
      return parsed.success ? parsed.data : DEFAULT_LOCAL_API_CONFIG;
    },
    write: (config) => writeFileAtomic(path, `${JSON.stringify(localApiConfigSchema.parse(config), null, 2)}\n`),
  };
}
