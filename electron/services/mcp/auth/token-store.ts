import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { DEFAULTS } from '../../../../shared/constants';

/** What TACO keeps per OAuth-protected server: the only place tokens and client secrets live. */
export interface StoredServerAuth {
  tokens?: OAuthTokens;
  clientInformation?: OAuthClientInformationMixed;
  discoveryState?: OAuthDiscoveryState;
  /** When the tokens were saved (ms since epoch): Settings says "Signed in". */
  signedInAt?: number;
}

/** Encrypts what is written (Electron safeStorage); absent where no keychain exists. */
export interface SecretCipher {
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export interface TokenStore {
  read(server: string): Promise<StoredServerAuth | null>;
  write(server: string, auth: StoredServerAuth): Promise<void>;
  remove(server: string): Promise<void>;
}

const SEALED_PREFIX = Buffer.from('taco-sealed:1\n');

/**
 * One file per server in `<data>/mcp-auth/` (mode 0600, folder 0700), sealed with the cipher when
 * one is given (safeStorage), plain JSON otherwise. Main only: nothing here reaches events, logs
 * or exports. Server names are already restricted to letters, digits, "-" and "_".
 */
export function createTokenStore(dataDir: string, cipher: SecretCipher | null): TokenStore {
  const folder = path.join(dataDir, DEFAULTS.mcp.authFolderName);
  const fileOf = (server: string): string => path.join(folder, `${encodeURIComponent(server)}.json`);
  return {
    async read(server) {
      let raw: Buffer;
      try {
        raw = await readFile(fileOf(server));
      } catch {
        return null;
      }
      const sealed = raw.subarray(0, SEALED_PREFIX.length).equals(SEALED_PREFIX);
      if (sealed && !cipher) return null;
      const text = sealed && cipher ? cipher.decrypt(raw.subarray(SEALED_PREFIX.length)) : raw.toString('utf8');
      try {
        return JSON.parse(text) as StoredServerAuth;
      } catch {
        return null;
      }
    },
    async write(server, auth) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const text = JSON.stringify(auth);
      const body = cipher ? Buffer.concat([SEALED_PREFIX, cipher.encrypt(text)]) : Buffer.from(text, 'utf8');
      const file = fileOf(server);
      await writeFile(file, body, { mode: 0o600 });
      await chmod(file, 0o600);
    },
    async remove(server) {
      await rm(fileOf(server), { force: true });
    },
  };
}
