import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { API_KEY, rawRequest, startGatewayFixture, type GatewayFixture } from './testing/gateway-fixture';

/** No key, a wrong key, a foreign Host, a browser Origin: refused before anything is read or forwarded. */
const cleanups = cleanupAfterAll();
let fixture: GatewayFixture | null = null;
async function api(): Promise<GatewayFixture> {
  fixture ??= await startGatewayFixture(cleanups);
  return fixture;
}

const CHAT = JSON.stringify({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'hi' }] });

function headers(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json', ...extra };
}

function expectNoCors(answer: { headers: Record<string, unknown> }): void {
  expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
}

describe('the API guard', () => {
  it('answers with the right key, Host and no Origin', async () => {
    const { api: host } = await api();
    const answer = await rawRequest(host.port, { headers: headers(host.port) });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ object: 'list' });
    const localhost = await rawRequest(host.port, { headers: headers(host.port, { Host: `localhost:${host.port}` }) });
    expect(localhost.status).toBe(200);
  });

  it.each([
    [
      'no key',
      (port: number) => {
        const { Authorization: _, ...rest } = headers(port);
        return rest;
      },
      401,
      'missing_api_key',
    ],
    ['a wrong key', (port: number) => headers(port, { Authorization: 'Bearer taco-test-key-0123456789abcdeX' }), 401, 'invalid_api_key'],
    ['a key that is not a bearer token', (port: number) => headers(port, { Authorization: API_KEY }), 401, 'missing_api_key'],
    ['a foreign Host (DNS rebinding)', (port: number) => headers(port, { Host: `evil.example:${port}` }), 403, 'host_not_allowed'],
    ['another port in Host', (port: number) => headers(port, { Host: `127.0.0.1:${port + 1}` }), 403, 'host_not_allowed'],
    ['a browser Origin', (port: number) => headers(port, { Origin: 'https://evil.example' }), 403, 'origin_not_allowed'],
    ['a null Origin (sandboxed page)', (port: number) => headers(port, { Origin: 'null' }), 403, 'origin_not_allowed'],
  ])('refuses %s on every route, in OpenAI’s error shape, with no CORS', async (_what, make, status, code) => {
    const { api: host, ollama } = await api();
    const before = ollama.requests.length;
    for (const [method, path] of [
      ['GET', '/v1/models'],
      ['POST', '/v1/chat/completions'],
      ['GET', '/v1/nothing-here'],
    ] as const) {
      const answer = await rawRequest(host.port, { method, path, headers: make(host.port), body: method === 'POST' ? CHAT : undefined });
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code, type: expect.any(String), message: expect.any(String) } });
      expectNoCors(answer);
    }
    expect(ollama.requests.length).toBe(before);
  });

  it('answers no CORS preflight', async () => {
    const { api: host } = await api();
    const answer = await rawRequest(host.port, {
      method: 'OPTIONS',
      path: '/v1/chat/completions',
      headers: { Host: `127.0.0.1:${host.port}`, Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expectNoCors(answer);
  });

  it('refuses a body past the cap (413) and a body that is not JSON (400)', async () => {
    const { api: host } = await api();
    const declared = await rawRequest(host.port, {
      method: 'POST',
      path: '/v1/chat/completions',
      headers: headers(host.port, { 'Content-Length': String(64 * 1024 * 1024) }),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.code).toBe('request_too_large');
    const notJson = await rawRequest(host.port, {
      method: 'POST',
      path: '/v1/chat/completions',
      headers: headers(host.port),
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe('invalid_json');
  });
});
