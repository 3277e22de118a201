import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest } from './request-guard';

/** The guard alone, without a server: what it lets through, what key it compares, and what it tells a refused client. */
const PORT = 4321;
const KEY = 'taco-key-0123456789';

function check(headers: IncomingHttpHeaders): { refusal: ReturnType<typeof checkRequest>; compared: string[] } {
  const compared: string[] = [];
  const refusal = checkRequest(headers, PORT, (given) => {
    compared.push(given);
    return given === KEY;
  });
  return { refusal, compared };
}

const host = `127.0.0.1:${PORT}`;

describe('checkRequest', () => {
  it('lets a request with our Host, no Origin and the key through, comparing exactly the key', () => {
    expect(check({ host, authorization: `Bearer ${KEY}` })).toEqual({ refusal: null, compared: [KEY] });
  });

  it('takes the key after "Bearer" in any case, after any white space, without surrounding space', () => {
    for (const authorization of [`bearer ${KEY}`, `BEARER ${KEY}`, `Bearer\t${KEY}`, `Bearer   ${KEY}  `, `  Bearer ${KEY}`]) {
      expect(check({ host, authorization })).toEqual({ refusal: null, compared: [KEY] });
    }
  });

  it('refuses a header that is not a bearer token before comparing anything, and says what to send', () => {
    for (const authorization of [
      undefined,
      '',
      KEY,
      `x${'Bearer'} ${KEY}`,
      `Bearer${KEY}`,
      'Bearer ',
      `Basic ${KEY}`,
      `Token Bearer ${KEY}`,
      `Bearer ${KEY}\nx`,
    ]) {
      const { refusal, compared } = check({ host, authorization });
      expect(compared).toEqual([]);
      expect(refusal).toMatchObject({ status: 401, code: 'missing_api_key' });
      expect(refusal?.message).toContain('Authorization: Bearer');
    }
  });

  it('refuses a wrong key, and a right key followed by more words', () => {
    for (const authorization of [`Bearer ${KEY}x`, `Bearer ${KEY} ${KEY}`]) {
      expect(check({ host, authorization }).refusal).toMatchObject({ status: 401, code: 'invalid_api_key', message: 'Incorrect API key.' });
    }
  });

  it('refuses a foreign or missing Host before looking at the key, naming the one address that answers', () => {
    for (const hostHeader of [undefined, `evil.example:${PORT}`, `127.0.0.1:${PORT + 1}`]) {
      const { refusal, compared } = check({ host: hostHeader, authorization: `Bearer ${KEY}` });
      expect(compared).toEqual([]);
      expect(refusal).toMatchObject({ status: 403, code: 'host_not_allowed' });
      expect(refusal?.message).toContain(`http://127.0.0.1:${PORT}/v1`);
    }
  });

  it('refuses a page of another origin before looking at the key, quoting at most 200 characters of it', () => {
    const origin = `https://${'a'.repeat(300)}.example`;
    const { refusal, compared } = check({ host, origin, authorization: `Bearer ${KEY}` });
    expect(compared).toEqual([]);
    expect(refusal).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    expect(refusal?.message).toContain(`(${origin.slice(0, 200)})`);
    expect(refusal?.message).not.toContain(origin.slice(0, 201));
  });

  it('lets our own page (same origin) through', () => {
    expect(check({ host, origin: `http://${host}`, authorization: `Bearer ${KEY}` }).refusal).toBeNull();
  });
});
