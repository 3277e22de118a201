import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createScriptedProvider, done, say } from '../../agent/testing/scripted-provider';
import { defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { mcpConfigSecrets, oauthSecrets, settingsSecrets } from './known-secrets';
import { maskSecrets } from './mask-secrets';
import { withRawLog } from './raw-log-provider';

const { tempDir } = cleanupAfterEach();

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // consume
  }
}

describe('the raw request/response log (TACO_DEBUG_RAW, Settings)', () => {
  it('writes each request and its response under logs/llm/DATE/, secrets masked', async () => {
    const dir = tempDir('taco-rawlog-');
    const provider = withRawLog(createScriptedProvider({ replies: [[...say('Hello there'), done()]] }), {
      dir,
      enabled: () => true,
      now: () => new Date('2025-05-01T10:11:12.345Z'),
    });
    const secret = 'Use Authorization: Bearer abcdef123456 and api_key=sk-live1234567890abcdef';
    await drain(
      provider.streamChat({ model: 'llama3.2', messages: [{ role: 'user', content: secret }], signal: new AbortController().signal }),
    );

    const day = join(dir, '2025-05-01');
    const names = readdirSync(day).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^request_10-11-12_345_[0-9a-f]{6}\.txt$/);
    expect(names[1]).toMatch(/^response_10-11-12_345_[0-9a-f]{6}\.txt$/);
    const request = readFileSync(join(day, names[0]!), 'utf8');
    expect(request).toContain('"model": "llama3.2"');
    expect(request).not.toContain('abcdef123456');
    expect(request).not.toContain('sk-live1234567890abcdef');
    expect(readFileSync(join(day, names[1]!), 'utf8')).toContain('Hello there');
  });

  it('writes nothing while off, and reads the switch on every request', async () => {
    const dir = tempDir('taco-rawlog-');
    let on = false;
    const provider = withRawLog(
      createScriptedProvider({
        replies: [
          [...say('a'), done()],
          [...say('b'), done()],
        ],
      }),
      { dir, enabled: () => on },
    );
    await drain(provider.streamChat({ model: 'm', messages: [], signal: new AbortController().signal }));
    expect(readdirSync(dir)).toEqual([]);
    on = true;
    await drain(provider.streamChat({ model: 'm', messages: [], signal: new AbortController().signal }));
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('masks keys, tokens and passwords in their usual spellings', () => {
    const masked = maskSecrets(
      '{"password":"hunter22","x-api-key":"abc123xyz","url":"https://x.test/?key=SECRETKEY&q=1"} ghp_abcdefghijklmnopqrstu',
    );
    expect(masked).not.toMatch(/hunter22|abc123xyz|SECRETKEY|ghp_abcdefghijklmnopqrstu/);
    expect(masked).toContain('q=1');
  });

  it('masks the common forms the review found in the log (Security IV, finding 8)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const leaks = {
      basic: 'Authorization: Basic dXNlcjpodW50ZXIy',
      userinfo: 'clone https://oauth2:glToken1234567890@git.example.com/repo.git',
      cookie: 'Cookie: session=5f2b9c0e7a1d; theme=dark',
      setCookie: '"set-cookie": "sid=a8c1e2f3b4d5; HttpOnly"',
      xAuth: 'X-Auth: 9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c',
      xAuthToken: '"X-Auth-Token": "0a1b2c3d4e5f6a7b"',
      jwt: `token in body ${jwt} end`,
      amz: 'https://bucket.s3.amazonaws.com/k?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260101&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024&x=1',
    };
    const secrets = [
      'dXNlcjpodW50ZXIy',
      'glToken1234567890',
      '5f2b9c0e7a1d',
      'a8c1e2f3b4d5',
      '9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c',
      '0a1b2c3d4e5f6a7b',
      jwt,
      'AKIAIOSFODNN7EXAMPLE',
      'fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024',
    ];
    for (const [form, text] of Object.entries(leaks)) {
      const masked = maskSecrets(text);
      for (const secret of secrets) expect(masked, form).not.toContain(secret);
    }
    // What is not secret stays readable.
    expect(maskSecrets(leaks.userinfo)).toContain('git.example.com/repo.git');
    expect(maskSecrets(leaks.amz)).toContain('x=1');
    expect(maskSecrets('"max_tokens": 120, "num_ctx": 4096')).toBe('"max_tokens": 120, "num_ctx": 4096');
  });

  it("masks the app's own secrets exactly, whatever their shape, and writes files 0600 in 0700 folders", async () => {
    const dir = tempDir('taco-rawlog-');
    const known = ['plain-header-value-42', 'p"quoted\\secret', 'ya29.oauth-access-token'];
    const provider = withRawLog(createScriptedProvider({ replies: [[...say('the token is ya29.oauth-access-token'), done()]] }), {
      dir,
      enabled: () => true,
      secrets: () => known,
      now: () => new Date('2025-05-01T10:11:12.345Z'),
    });
    const text = 'header plain-header-value-42, quoted p"quoted\\secret, and ya29.oauth-access-token';
    await drain(provider.streamChat({ model: 'm', messages: [{ role: 'user', content: text }], signal: new AbortController().signal }));
    const day = join(dir, '2025-05-01');
    const written = readdirSync(day).map((name) => readFileSync(join(day, name), 'utf8'));
    expect(written).toHaveLength(2);
    for (const body of written) {
      expect(body).not.toContain('plain-header-value-42');
      expect(body).not.toContain('quoted\\\\secret');
      expect(body).not.toContain('oauth-access-token');
    }
    if (process.platform !== 'win32') {
      expect(statSync(day).mode & 0o777).toBe(0o700);
      for (const name of readdirSync(day)) expect(statSync(join(day, name)).mode & 0o777).toBe(0o600);
    }
  });

  it("collects the app's secrets: server headers, the web search key, MCP headers and env, OAuth tokens", () => {
    const settings = {
      ...defaultSettings(),
      servers: [{ headers: { Authorization: 'Bearer srv-token-123456' } }],
      webSearch: { provider: 'ollama' as const, ollamaApiKey: 'web-search-key-123' },
    } as unknown as Settings;
    expect(settingsSecrets(settings)).toEqual(
      expect.arrayContaining(['Bearer srv-token-123456', 'srv-token-123456', 'web-search-key-123']),
    );
    expect(
      mcpConfigSecrets([
        { url: 'https://mcp.example/', headers: { 'X-Key': 'mcp-header-secret' } },
        { command: 'x', env: { API_KEY: 'env-secret-1' } },
      ]),
    ).toEqual(['mcp-header-secret', 'env-secret-1']);
    expect(
      oauthSecrets({
        tokens: { access_token: 'at-123456', refresh_token: 'rt-123456', token_type: 'Bearer' },
        clientInformation: { client_id: 'id', client_secret: 'cs-123456' },
      }),
    ).toEqual(['at-123456', 'rt-123456', 'cs-123456']);
  });
});
