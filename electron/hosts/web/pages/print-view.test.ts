import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../../shared/conversations/conversation-import';
import { createAppServices, type AppServices } from '../../../services/app/app-services';
import { EXPORT_HTML_POLICY } from '../../../services/store/conversations/html-export/conversation-html';
import { printViewId } from './print-view-address';
import { startWebHost, type WebHost } from '../web-host';

let services: AppServices;
let host: WebHost;
let root: string;
let cookie: string;
let conversationId: string;

function get(path: string, sendCookie: string | null): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        headers: { host: `127.0.0.1:${host.port}`, ...(sendCookie ? { cookie: sendCookie } : {}) },
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

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'taco-print-view-'));
  const staticDir = join(root, 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TACO</title>');
  services = await createAppServices({
    dataDir: join(root, 'data'),
    ollamaHost: 'http://127.0.0.1:9',
    openExternal: async () => undefined,
  });
  host = await startWebHost({ dataDir: join(root, 'data'), staticDir, services });
  const signIn = await get(`/?token=${host.token}`, null);
  cookie = String((signIn.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
  const content = readFileSync(new URL('../../../../test-support/imports/claude-conversations.json', import.meta.url), 'utf8');
  const imported = await services.handle('conversations.import', { content });
  if (!imported.ok) throw new Error(imported.error.message);
  conversationId = (imported.value as ImportResult).conversations[0]?.conversationId ?? '';
});

afterAll(async () => {
  await host.close();
  await services.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('web host: the print view (/print/<id>)', () => {
  it('serves the HTML export to the signed-in session, under the export’s policy, never framed', async () => {
    const answer = await get(`/print/${conversationId}`, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toBe(`${EXPORT_HTML_POLICY}; frame-ancestors 'none'`);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.body).toContain('When should I feed my starter? &lt;img src=x onerror=alert(3)&gt;');
    expect(answer.body).not.toMatch(/<script|<img/i);
  });

  it('is refused without the session cookie, and says so for a conversation that does not exist', async () => {
    expect((await get(`/print/${conversationId}`, null)).status).toBe(403);
    const missing = await get('/print/00000000-0000-0000-0000-000000000000', cookie);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/^TACO could not show this conversation for printing: There is no conversation/);
  });

  it('reads only a single path segment as the id', () => {
    expect(printViewId('/print/abc')).toBe('abc');
    for (const path of ['/print/', '/print/a/b', '/printer/abc', '/print/%E0%A4%A']) expect(printViewId(path), path).toBeNull();
  });
});
