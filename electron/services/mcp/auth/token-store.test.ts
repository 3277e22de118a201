import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const HERE = new URL('https://mcp.example.com/mcp');

describe('the MCP token store', () => {
  it('keeps one 0600 file per server, sealed with the cipher where there is one', async () => {
    const dir = fresh();
    const sealed = createTokenStore(dir, xorCipher);
    await sealed.write('remote', HERE, { tokens: { access_token: 'secret-access', token_type: 'bearer' } });
    const file = path.join(dir, 'mcp-auth', 'remote.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8')).not.toContain('secret-access');
    await expect(sealed.read('remote', HERE)).resolves.toMatchObject({ tokens: { access_token: 'secret-access' } });
    // Without the keychain, a sealed file cannot be read: signed out, never garbage.
    await expect(createTokenStore(dir, null).read('remote', HERE)).resolves.toBeNull();
    await sealed.remove('remote');
    await expect(sealed.read('remote', HERE)).resolves.toBeNull();
  });

  it('plain 0600 JSON where no keychain exists', async () => {
    const dir = fresh();
    const plain = createTokenStore(dir, null);
    await plain.write('a-b', HERE, { signedInAt: 5 });
    await expect(plain.read('a-b', HERE)).resolves.toEqual({ signedInAt: 5 });
    await expect(plain.read('missing', HERE)).resolves.toBeNull();
  });

  it('answers only for the origin and resource URL the state was stored for', async () => {
    const store = createTokenStore(fresh(), xorCipher);
    await store.write('remote', HERE, { tokens: { access_token: 'secret-access', token_type: 'bearer' } });
    for (const other of [
      'https://evil.example.com/mcp',
      'http://mcp.example.com/mcp',
      'https://mcp.example.com:8443/mcp',
      'https://mcp.example.com/other',
      'https://mcp.example.com/mcp?tenant=b',
    ])
      await expect(store.read('remote', new URL(other))).resolves.toBeNull();
    // The same address spelled differently (default port, fragment) is the same resource.
    await expect(store.read('remote', new URL('https://MCP.example.com:443/mcp#x'))).resolves.not.toBeNull();
  });

  it('never uses a file that names no address (written before tokens were bound to one)', async () => {
    const dir = fresh();
    mkdirSync(path.join(dir, 'mcp-auth'), { recursive: true });
    writeFileSync(path.join(dir, 'mcp-auth', 'remote.json'), JSON.stringify({ tokens: { access_token: 'old', token_type: 'bearer' } }));
    await expect(createTokenStore(dir, null).read('remote', HERE)).resolves.toBeNull();
  });
});

describe('step-up scopes', () => {
  it('asks for what was granted plus what the server challenged, once each', () => {
    expect(scopeUnion('mcp:read', 'mcp:read mcp:write')).toBe('mcp:read mcp:write');
    expect(scopeUnion(undefined, 'mcp:write')).toBe('mcp:write');
    expect(scopeUnion(undefined, undefined)).toBeUndefined();
  });
});

describe('the MCP token store: files it cannot trust, and rewrites', () => {
  const bound = (auth: unknown): string => JSON.stringify({ origin: HERE.origin, resource: HERE.href, auth });

  it('answers signed out for a file that is not JSON, or whose state is not an object', async () => {
    const dir = fresh();
    const file = path.join(dir, 'mcp-auth', 'remote.json');
    mkdirSync(path.dirname(file), { recursive: true });
    for (const content of ['{not json', bound(null), bound('token'), bound(undefined)]) {
      writeFileSync(file, content);
      await expect(createTokenStore(dir, null).read('remote', HERE)).resolves.toBeNull();
    }
    // A hand-written file whose origin is not the server's proves nothing, whatever its resource says.
    writeFileSync(file, JSON.stringify({ origin: 'https://evil.example', resource: HERE.href, auth: { signedInAt: 1 } }));
    await expect(createTokenStore(dir, null).read('remote', HERE)).resolves.toBeNull();
    writeFileSync(file, bound({ signedInAt: 1 }));
    await expect(createTokenStore(dir, null).read('remote', HERE)).resolves.toEqual({ signedInAt: 1 });
  });

  it('still reads a plain file once a keychain exists (written where there was none)', async () => {
    const dir = fresh();
    await createTokenStore(dir, null).write('remote', HERE, { signedInAt: 3 });
    await expect(createTokenStore(dir, xorCipher).read('remote', HERE)).resolves.toEqual({ signedInAt: 3 });
  });

  it('makes an existing group-readable file 0600 when it writes it again', async () => {
    const dir = fresh();
    const file = path.join(dir, 'mcp-auth', 'remote.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{}', { mode: 0o644 });
    await createTokenStore(dir, null).write('remote', HERE, { signedInAt: 2 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps each server in its own file, and signing out one (or one never signed in) leaves the others', async () => {
    const store = createTokenStore(fresh(), null);
    await store.write('a', HERE, { signedInAt: 1 });
    await store.write('b', HERE, { signedInAt: 2 });
    await store.remove('a');
    await store.remove('never');
    await expect(store.read('a', HERE)).resolves.toBeNull();
    await expect(store.read('b', HERE)).resolves.toEqual({ signedInAt: 2 });
  });
});
