import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PATH, type WsServerMessage } from '../../../shared/contract/transport';
import type { AppServices } from '../../services/app/app-services-types';
import { startWebHost, type WebHost } from './web-host';

let root: string;
let host: WebHost | null = null;
let sockets: WebSocket[] = [];

/** Main as far as the host sees it: answers every call with its name. */
function servicesAnswering(): AppServices & { disposed: boolean } {
  const services = {
    disposed: false,
    handle: async (name: string) => ({ ok: true as const, value: `answered ${name}` }),
    subscribe: () => () => undefined,
    subscribeModelEvents: () => () => undefined,
    waitForRun: () => new Promise<never>(() => undefined),
    mcpSettled: async () => undefined,
    knowledgeReady: async () => [],
    serverProvider: () => {
      throw new Error('no servers here');
    },
    settings: () => {
      throw new Error('not asked in this test');
    },
    dispose: async () => {
      services.disposed = true;
    },
  };
  return services;
}

/** A making of the services that the test finishes (or fails) when it says so. */
function heldMaking(): {
  make: () => Promise<AppServices>;
  asked: Promise<void>;
  finish(services: AppServices): void;
  fail(error: Error): void;
} {
  let finish: (services: AppServices) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let wasAsked: () => void = () => undefined;
  const asked = new Promise<void>((done) => (wasAsked = done));
  const made = new Promise<AppServices>((done, failed) => {
    finish = done;
    fail = failed;
  });
  // Failed before the host asks: not an unhandled rejection, the host sees it when it asks.
  made.catch(() => undefined);
  return {
    make: () => {
      wasAsked();
      return made;
    },
    asked,
    finish: (services) => finish(services),
    fail: (error) => fail(error),
  };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'taco-web-listens-first-'));
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>TACO</title><script type="module" src="./assets/app.js"></script>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
});

afterEach(async () => {
  for (const socket of sockets) socket.close();
  sockets = [];
  await host?.close();
  host = null;
  rmSync(root, { recursive: true, force: true });
});

function get(port: number, path: string, cookie?: string): Promise<{ status: number; cookie: string; location: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '',
          location: String(res.headers.location ?? ''),
        }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

/** Signs in as the page does, opens the WebSocket and sends one call; resolves with its result frame. */
async function callFromPage(running: WebHost, name: string): Promise<WsServerMessage> {
  const signIn = await get(running.port, `/?token=${running.token}`);
  const pageSecret = signIn.location.split('#token=')[1] ?? '';
  const socket = new WebSocket(`ws://127.0.0.1:${running.port}${WS_PATH}?token=${pageSecret}`, {
    headers: { origin: `http://127.0.0.1:${running.port}`, cookie: signIn.cookie },
  });
  sockets.push(socket);
  return new Promise((done, fail) => {
    socket.once('open', () => socket.send(JSON.stringify({ kind: 'call', id: 1, name, request: {} })));
    socket.once('message', (data) => done(JSON.parse(data.toString()) as WsServerMessage));
    socket.once('error', fail);
  });
}

describe('web host: it listens and serves the page before main is made', () => {
  it('answers the page and its files while the services are still being made', async () => {
    const making = heldMaking();
    host = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, makeServices: making.make });
    const { cookie } = await get(host.port, `/?token=${host.token}`);
    expect((await get(host.port, '/', cookie)).status).toBe(200);
    expect((await get(host.port, '/assets/app.js', cookie)).status).toBe(200);
    // The page's files are sent: the making has begun, and has not finished.
    await making.asked;
    making.finish(servicesAnswering());
  });

  it('holds a call that comes while the services are made, and answers it once they are', async () => {
    const making = heldMaking();
    host = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, makeServices: making.make });
    const answer = callFromPage(host, 'settings.get');
    await making.asked;
    making.finish(servicesAnswering());
    expect(await answer).toMatchObject({ kind: 'result', id: 1, envelope: { ok: true, value: 'answered settings.get' } });
  });

  it('answers every call with the reason when the services cannot be made, and keeps serving the page', async () => {
    const making = heldMaking();
    host = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, makeServices: making.make });
    making.fail(new Error('tools/catalogue/x.json: "risk" is missing'));
    const answer = await callFromPage(host, 'conversations.list');
    expect(answer).toMatchObject({
      kind: 'result',
      envelope: { ok: false, error: { code: 'internal', message: 'TACO could not start: tools/catalogue/x.json: "risk" is missing' } },
    });
    const { cookie } = await get(host.port, `/?token=${host.token}`);
    expect((await get(host.port, '/', cookie)).status).toBe(200);
  });

  it('makes the services with no page at all (DEFAULTS.webHost.makeServicesAfterMs after listening), so a bad start is reported without one', async () => {
    const making = heldMaking();
    host = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, makeServices: making.make });
    await making.asked;
    making.finish(servicesAnswering());
  });

  it('disposes the services it made when it closes', async () => {
    const services = servicesAnswering();
    const running = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, makeServices: async () => services });
    await callFromPage(running, 'settings.get');
    await running.close();
    expect(services.disposed).toBe(true);
  });
});
