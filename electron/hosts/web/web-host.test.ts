import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { diagramFramePolicy } from '../content-security-policy';
import { ARTIFACT_FRAME_PAGE } from '../../../shared/rendering/artifact-frame';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PullProgressEvent, TacoEvent } from '../../../shared/contract/events';
import { WS_PATH, type WsServerMessage } from '../../../shared/contract/transport';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { createAppServices, type AppServices } from '../../services/app/app-services';
import { CLOSE_BAD_TOKEN } from './ws-gateway';
import { RendererNotBuiltError, startWebHost, type WebHost } from './web-host';

let fake: FakeOllama;
let services: AppServices;
let host: WebHost;
let root: string;
/** The session cookie (`taco_session_<port>=…`) this test's "browser" got for the printed token. */
let cookie: string;
/** The page secret the sign-in redirect handed over in its fragment (`/#token=…`). */
let pageSecret: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'taco-web-'));
  const staticDir = join(root, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TACO</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  mkdirSync(join(staticDir, 'diagram-frame'), { recursive: true });
  writeFileSync(join(staticDir, 'diagram-frame.html'), '<!doctype html><title>Diagram layout</title>');
  writeFileSync(join(staticDir, 'diagram-frame', 'diagram-frame-main.js'), 'console.log(2)');
  writeFileSync(join(root, 'secret.txt'), 'do not serve me');
  symlinkSync(join(root, 'secret.txt'), join(staticDir, 'assets', 'link.txt'));
  fake = await startFakeOllama({ scenario: 'basic-chat' });
  services = await createAppServices({ dataDir: join(root, 'data'), ollamaHost: fake.url, openExternal: async () => undefined });
  host = await startWebHost({ dataDir: join(root, 'data'), staticDir, services });
  const signIn = await get(`/?token=${host.token}`, { cookie: null });
  cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  pageSecret = String(signIn.headers.location).split('#token=')[1] ?? '';
});

afterAll(async () => {
  await host.close();
  await services.dispose();
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, options: { host?: string; method?: string; cookie?: string | null } = {}): Promise<HttpAnswer> {
  const sendCookie = options.cookie === undefined ? cookie : options.cookie;
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `127.0.0.1:${host.port}`, ...(sendCookie ? { cookie: sendCookie } : {}) },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

function connect(query: string, origin = `http://127.0.0.1:${host.port}`, sendCookie?: string): WebSocket {
  return new WebSocket(`ws://127.0.0.1:${host.port}${WS_PATH}${query}`, {
    headers: { origin, ...(sendCookie ? { cookie: sendCookie } : {}) },
  });
}

function opened(socket: WebSocket): Promise<void> {
  return new Promise((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((done) => socket.once('close', (code) => done(code)));
}

function nextResult(socket: WebSocket, id: number): Promise<Extract<WsServerMessage, { kind: 'result' }>> {
  return new Promise((done) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse(data.toString()) as WsServerMessage;
      if (message.kind === 'result' && message.id === id) {
        socket.off('message', onMessage);
        done(message);
      }
    };
    socket.on('message', onMessage);
  });
}

describe('web host: static files', () => {
  it('prints a 127.0.0.1 address carrying the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('serves the renderer with its content type and the security headers', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['content-security-policy']).toContain("object-src 'none'");
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    const script = await get('/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log(1)');
  });

  it('falls back to index.html for app routes, but not for missing files', async () => {
    expect((await get('/conversations/abc')).body).toContain('<title>TACO</title>');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/link.txt',
    '/assets%5c..%5c..%5csecret.txt',
  ])('never serves files outside the renderer: %s', async (path) => {
    const answer = await get(path);
    expect(answer.body).not.toContain('do not serve me');
    expect([400, 404]).toContain(answer.status);
  });

  it('refuses other methods', async () => {
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  it('refuses requests addressed to another Host (DNS rebinding)', async () => {
    const rebound = await get('/', { host: `evil.example:${host.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('127.0.0.1');
    expect((await get('/', { host: `localhost:${host.port}` })).status).toBe(200);
    expect((await get('/', { host: '127.0.0.1:1' })).status).toBe(403);
  });

  it('says how to build the renderer when it is missing', async () => {
    await expect(startWebHost({ dataDir: root, staticDir: join(root, 'nothing-here'), services })).rejects.toThrow(RendererNotBuiltError);
    await expect(startWebHost({ dataDir: root, staticDir: join(root, 'nothing-here'), services })).rejects.toThrow(
      /npm run build:renderer/,
    );
  });
});

describe('web host: the token becomes a session cookie', () => {
  it('exchanges the printed token for an HttpOnly, SameSite=Strict cookie and redirects to the address without it', async () => {
    const first = await get(`/?token=${host.token}`, { cookie: null });
    expect([302, 303]).toContain(first.status);
    expect(first.headers.location).toMatch(/^\/#token=[A-Za-z0-9_-]{32}$/);
    expect(first.headers.location).not.toContain(host.token);
    const setCookie = String(first.headers['set-cookie']?.[0] ?? '');
    expect(setCookie).toMatch(new RegExp(`^taco_session_${host.port}=[A-Za-z0-9_-]{32}; `));
    expect(setCookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    expect(setCookie).not.toContain(host.token);
    expect(first.body).not.toContain('<title>TACO</title>');
  });

  it('keeps the rest of the address when it drops the token', async () => {
    const deep = await get(`/conversations/abc?view=1&token=${host.token}`, { cookie: null });
    expect(deep.headers.location).toBe(`/conversations/abc?view=1#token=${pageSecret}`);
  });

  it('serves pages and assets to the cookie', async () => {
    expect((await get('/', { cookie })).status).toBe(200);
    expect((await get('/assets/app.js', { cookie })).body).toBe('console.log(1)');
  });

  it("serves the diagram frame's two files without a cookie (the sandboxed frame has no origin to send one), under the frame's policy", async () => {
    for (const path of ['/diagram-frame.html', '/diagram-frame/diagram-frame-main.js']) {
      const answer = await get(path, { cookie: null });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-security-policy']).toBe(diagramFramePolicy());
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    expect((await get('/diagram-frame/diagram-frame-main.js', { cookie: null })).body).toBe('console.log(2)');
    // Nothing else is served without the cookie: not a sibling, not a path that only starts like the frame's.
    for (const path of ['/diagram-frame/', '/diagram-frame.html/../assets/app.js', '/diagram-frame.htmlx', '/assets/app.js'])
      expect((await get(path, { cookie: null })).status, path).toBe(403);
    // The app's own page keeps its policy and may not be framed.
    const page = await get('/', { cookie });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).not.toBe(diagramFramePolicy());
  });

  it("serves the artifact preview frame's page without a cookie, sandboxed by its own header, with no network", async () => {
    const answer = await get('/artifact-frame.html', { cookie: null });
    expect(answer.status).toBe(200);
    // What each directive forbids is tried from inside the frame in e2e/specs/artifacts.spec.ts.
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(answer.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(answer.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toBe(ARTIFACT_FRAME_PAGE);
    // Only that exact page: a neighbour still needs the cookie.
    for (const path of ['/artifact-frame.html/', '/artifact-frame.htmlx', '/artifact-frame'])
      expect((await get(path, { cookie: null })).status, path).toBe(403);
    // The app's page allows frames from itself and the artifact scheme, nothing else.
    expect((await get('/', { cookie })).headers['content-security-policy']).toContain("frame-src 'self' artifact://preview;");
  });

  it('refuses a request with neither token nor cookie, a wrong cookie, or a wrong token', async () => {
    for (const [path, sendCookie] of [
      ['/', null],
      ['/assets/app.js', null],
      ['/', `taco_session_${host.port}=wrong`],
      ['/', `taco_session_${host.port}=${host.token}`],
      ['/', cookie.replace(`taco_session_${host.port}=`, 'taco_session=')],
      ['/?token=wrong', null],
      ['/?token=wrong', cookie],
    ] as const) {
      const answer = await get(path, { cookie: sendCookie });
      expect(answer.status, `${path} ${sendCookie}`).toBe(403);
      expect(answer.body).not.toContain('<title>TACO</title>');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect((await get('/', { cookie: null })).body).toContain('Open the address TACO printed');
  });

  it('lets the page open its WebSocket with the cookie and the page secret; the cookie alone (any server on 127.0.0.1 receives it) is closed', async () => {
    expect(await closed(connect('', undefined, cookie))).toBe(CLOSE_BAD_TOKEN);
    expect(await closed(connect(`?token=${pageSecret}`))).toBe(CLOSE_BAD_TOKEN);
    const socket = connect(`?token=${pageSecret}`, undefined, cookie);
    await opened(socket);
    const answer = nextResult(socket, 5);
    socket.send(JSON.stringify({ kind: 'call', id: 5, name: 'settings.get', request: {} }));
    expect((await answer).envelope.ok).toBe(true);
    socket.close();
    expect(await closed(connect(`?token=${pageSecret}`, undefined, `taco_session_${host.port}=wrong`))).toBe(CLOSE_BAD_TOKEN);
  });
});

describe('web host: WebSocket', () => {
  it('closes connections without the token, or with a wrong one', async () => {
    expect(await closed(connect(''))).toBe(CLOSE_BAD_TOKEN);
    expect(await closed(connect('?token=wrong'))).toBe(CLOSE_BAD_TOKEN);
    expect(await closed(connect(`?token=${host.token}x`))).toBe(CLOSE_BAD_TOKEN);
  });

  it('refuses another origin before upgrading', async () => {
    const socket = connect(`?token=${host.token}`, 'http://evil.example');
    const status = await new Promise<number>((done) => socket.once('unexpected-response', (_req, res) => done(res.statusCode ?? 0)));
    expect(status).toBe(403);
  });

  it('carries a models.list round trip', async () => {
    const socket = connect(`?token=${host.token}`);
    await opened(socket);
    const answer = nextResult(socket, 7);
    socket.send(JSON.stringify({ kind: 'call', id: 7, name: 'models.list', request: {} }));
    const result = await answer;
    expect(result.envelope).toMatchObject({ ok: true, value: { type: 'ok', host: fake.url } });
    socket.close();
  });

  it('answers malformed frames with an error frame and keeps the connection', async () => {
    const socket = connect(`?token=${host.token}`);
    await opened(socket);
    const notJson = nextResult(socket, -1);
    socket.send('{not json');
    expect((await notJson).envelope).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringContaining('not valid JSON') },
    });
    const unknown = nextResult(socket, 2);
    socket.send(JSON.stringify({ kind: 'call', id: 2, name: 'rm.rf', request: {} }));
    expect((await unknown).envelope).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
    const invalid = nextResult(socket, 3);
    socket.send(JSON.stringify({ kind: 'call', id: 3, name: 'chat.send', request: { conversationId: null, text: 5, model: 'x' } }));
    expect((await invalid).envelope).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringContaining('"text"') },
    });
    const ok = nextResult(socket, 4);
    socket.send(JSON.stringify({ kind: 'call', id: 4, name: 'settings.get', request: {} }));
    expect((await ok).envelope.ok).toBe(true);
    socket.close();
  });

  it('broadcasts events to every connected page', async () => {
    const sender = connect(`?token=${host.token}`);
    const watcher = connect(`?token=${host.token}`);
    await Promise.all([opened(sender), opened(watcher)]);
    const seen: TacoEvent[] = [];
    const finished = new Promise<void>((done) => {
      watcher.on('message', (data) => {
        const message = JSON.parse(data.toString()) as WsServerMessage;
        if (message.kind !== 'event' || message.name !== 'taco-events') return;
        seen.push(...(message.payload as TacoEvent[]));
        if (message.payload.some((event) => event.type === 'run-finish')) done();
      });
    });
    const sent = nextResult(sender, 1);
    sender.send(
      JSON.stringify({ kind: 'call', id: 1, name: 'chat.send', request: { conversationId: null, text: 'hello', model: 'llama3.2:3b' } }),
    );
    expect((await sent).envelope).toMatchObject({ ok: true, value: { type: 'run' } });
    await finished;
    expect(seen.map((event) => event.type)).toEqual(expect.arrayContaining(['user-message', 'run-start', 'text-delta', 'run-finish']));
    sender.close();
    watcher.close();
  });

  it('broadcasts model events (pull progress) on their own channel', async () => {
    const socket = connect(`?token=${host.token}`);
    await opened(socket);
    const progress: PullProgressEvent[] = [];
    const done = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as WsServerMessage;
        if (message.kind !== 'event' || message.name !== 'model-events') return;
        progress.push(...(message.payload as PullProgressEvent[]));
        if (progress.some((event) => event.done)) resolve();
      });
    });
    const pulled = nextResult(socket, 9);
    socket.send(JSON.stringify({ kind: 'call', id: 9, name: 'models.pull', request: { name: 'tinyllama:1b' } }));
    expect((await pulled).envelope).toMatchObject({ ok: true, value: { pullId: expect.any(String) } });
    await done;
    expect(progress.at(-1)).toMatchObject({ type: 'pull-progress', model: 'tinyllama:1b', done: true, status: 'success', error: null });
    socket.close();
  });
});
