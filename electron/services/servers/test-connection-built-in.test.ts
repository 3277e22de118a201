import { describe, expect, it } from 'vitest';
import { BUILT_IN_BASE_URL } from '../../../shared/models/built-in-server';
import { testServerConnection } from './test-connection';

describe('Test connection on a built-in server', () => {
  it('says there is no address to connect to, and dials nothing', async () => {
    let dialled = false;
    const result = await testServerConnection({
      kind: 'built-in',
      baseUrl: BUILT_IN_BASE_URL,
      headers: {},
      allowInsecure: false,
      connectTimeoutMs: 1000,
      fetch: () => {
        dialled = true;
        return Promise.reject(new Error('no network here'));
      },
    });
    expect(result).toMatchObject({ type: 'error', failure: 'wrong-kind', message: expect.stringContaining('no address to connect to') });
    expect(dialled).toBe(false);
  });
});
