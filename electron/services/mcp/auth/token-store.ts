import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { DEFAULTS } from '../../../../shared/constants';
import { writeDataFile } from '../../store/files/data-file';

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

/**
 * A server's OAuth state belongs to the address it was obtained for, never to the server's name:
 * `read` answers only for the same origin and resource URL, so a server moved elsewhere (or another
 * server under the same name) starts signed out and nothing stored is sent to, or refreshed for, it.
 */
export interface TokenStore {
  /** What was stored for this server at this address; null when nothing was, or it was for another address. */
  read(server: string, address: URL): Promise<StoredServerAuth | null>;
  /** Stores the server's state as obtained for `address`. */
  write(server: string, address: URL, auth: StoredServerAuth): Promise<void>;
  /** Signs the server out: its file is deleted, whatever address it was for. */
  remove(server: string): Promise<void>;
}

/** The file's contents: the state with the address it was obtained for. */
interface BoundAuth {
  origin: string;
  resource: string;
  auth: StoredServerAuth;
}

/** The resource URL a server's state is bound to: its configured URL without a fragment. */
export function resourceOf(address: URL): string {
  const resource = new URL(address.href);
  resource.hash = '';
  return resource.href;
}

const SEALED_PREFIX = Buffer.from('taco-sealed:1\n');

/**
 * One file per server in `<data>/mcp-auth/` (mode 0600, folder 0700), sealed with the cipher when
 * one is given (safeStorage), plain JSON otherwise, holding the origin and resource URL the state
 * was obtained for. A file without them (written before tokens were bound to addresses) proves no
 * address and is never used: that server shows as signed out and its next sign-in replaces it.
 * Main only: nothing here reaches events, logs or exports. Server names are already restricted to
 * letters, digits, "-" and "_".
 */
export function createTokenStore(dataDir: string, cipher: SecretCipher | null): TokenStore {
  const folder = path.join(dataDir, DEFAULTS.mcp.authFolderName);
  const fileOf = (server: string): string => path.join(folder, `${encodeURIComponent(server)}.json`);
  return {
    async read(server, address) {
      let raw: Buffer;
      try {
        raw = await readFile(fileOf(server));
      } catch {
        return null;
      }
      let text = raw.toString('utf8');
      if (raw.subarray(0, SEALED_PREFIX.length).equals(SEALED_PREFIX)) {
        // Sealed where a keychain was: without one it cannot be read (signed out, never garbage).
        if (!cipher) return null;
        text = cipher.decrypt(raw.subarray(SEALED_PREFIX.length));
      }
      let bound: Partial<BoundAuth>;
      try {
        bound = JSON.parse(text) as Partial<BoundAuth>;
      } catch {
        return null;
      }
      const sameAddress = bound.origin === address.origin && bound.resource === resourceOf(address);
      return sameAddress && typeof bound.auth === 'object' ? bound.auth : null;
    },
    async write(server, address, auth) {
      const bound: BoundAuth = { origin: address.origin, resource: resourceOf(address), auth };
      const text = JSON.stringify(bound);
      // The data-file modes (folder 0700, file 0600 even where an older file was more open).
      await writeDataFile(fileOf(server), cipher ? Buffer.concat([SEALED_PREFIX, cipher.encrypt(text)]) : text);
    },
    async remove(server) {
      await rm(fileOf(server), { force: true });
    },
  };
}
