import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../services/app/app-services-types';
import { startWebHost, type WebHost } from './web-host';

let root: string;
let host: WebHost | null = null;
const calls: string[] = [];
let listAnswered: () => void = () => undefined;
const listRead = (): Promise<void> => new Promise((done) => (listAnswered = done));

/** Main as far as the host sees it: each call is recorded and answered empty. */
const services: AppServices = {
  handle: async (name) => {
    calls.push(name);
    if (name === 'conversations.list') listAnswered();
    return { ok: true, value: [] };
  },
  subscribe: () => () => undefined,
  subscribeModelEvents: () => () => undefined,
  waitForRun: () => new Promise(() => undefined),
  mcpSettled: async () => undefined,
  knowledgeReady: async () => [],
  serverProvider: () => {
    throw new Error('no servers here');
  },
  settings: () => {
    throw new Error('not asked in this test');
  },
  dispose: async () => undefined,
};

beforeEach(() => {
  calls.length = 0;
  root = mkdtempSync(join(tmpdir(), 'taco-web-pre-read-'));
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>TACO</title><script type="module" src="./assets/app.js"></script><link rel="stylesheet" href="./assets/app.css">',
  );
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
});

afterEach(async () => {
  await host?.close();
  host = null;
  rmSync(root, { recursive: true, force: true });
});

function get(port: number, path: string, cookie?: string): Promise<{ status: number; cookie: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '' }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('web host: the conversation index is read while the page runs its script', () => {
  it('not while the page still waits for its files (reading a long index holds the event loop), and at once when the last is sent', async () => {
    host = await startWebHost({ dataDir: join(root, 'data'), staticDir: root, services });
    const { cookie } = await get(host.port, `/?token=${host.token}`);
    expect((await get(host.port, '/', cookie)).status).toBe(200);
    expect((await get(host.port, '/assets/app.js', cookie)).status).toBe(200);
    expect(calls).toEqual([]);
    const read = listRead();
    expect((await get(host.port, '/assets/app.css', cookie)).status).toBe(200);
    await read;
    expect(calls).toEqual(['conversations.list']);
    await get(host.port, '/assets/app.css', cookie);
    expect(calls).toEqual(['conversations.list']);
  });
});
