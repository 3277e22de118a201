import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createScriptedProvider, done, say } from '../../agent/testing/scripted-provider';
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
});
