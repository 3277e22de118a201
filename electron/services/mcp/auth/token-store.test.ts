import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scopeUnion } from './oauth-fetch';
import { createTokenStore, type SecretCipher } from './token-store';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const fresh = (): string => {
  const folder = mkdtempSync(path.join(tmpdir(), 'taco-token-store-'));
  folders.push(folder);
  return folder;
};

/** A stand-in for safeStorage: reversible, and the plain text is not in what it returns. */
const xorCipher: SecretCipher = {
  encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (sealed) => Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

describe('the MCP token store', () => {
  it('keeps one 0600 file per server, sealed with the cipher where there is one', async () => {
    const dir = fresh();
    const sealed = createTokenStore(dir, xorCipher);
    await sealed.write('remote', { tokens: { access_token: 'secret-access', token_type: 'bearer' } });
    const file = path.join(dir, 'mcp-auth', 'remote.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('secret-access');
    await expect(sealed.read('remote')).resolves.toMatchObject({ tokens: { access_token: 'secret-access' } });
    // Without the keychain, a sealed file cannot be read: signed out, never garbage.
    await expect(createTokenStore(dir, null).read('remote')).resolves.toBeNull();
    await sealed.remove('remote');
    await expect(sealed.read('remote')).resolves.toBeNull();
  });

  it('plain 0600 JSON where no keychain exists', async () => {
    const dir = fresh();
    const plain = createTokenStore(dir, null);
    await plain.write('a-b', { signedInAt: 5 });
    await expect(plain.read('a-b')).resolves.toEqual({ signedInAt: 5 });
    await expect(plain.read('missing')).resolves.toBeNull();
  });
});

describe('step-up scopes', () => {
  it('asks for what was granted plus what the server challenged, once each', () => {
    expect(scopeUnion('mcp:read', 'mcp:read mcp:write')).toBe('mcp:read mcp:write');
    expect(scopeUnion(undefined, 'mcp:write')).toBe('mcp:write');
    expect(scopeUnion(undefined, undefined)).toBeUndefined();
  });
});
