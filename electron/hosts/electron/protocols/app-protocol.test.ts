import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, diagramFramePolicy } from '../../content-security-policy';
import { createAppProtocolHandler } from './app-protocol';

const root = mkdtempSync(join(tmpdir(), 'taco-app-protocol-'));
const dir = join(root, 'renderer');
mkdirSync(join(dir, 'assets'), { recursive: true });
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>TACO</title>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(dir, 'diagram-frame.html'), '<!doctype html><title>Diagram layout</title>');
writeFileSync(join(root, 'secret.txt'), 'do not serve me');
symlinkSync(join(root, 'secret.txt'), join(dir, 'assets', 'link.txt'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const policy = contentSecurityPolicy();
const handle = createAppProtocolHandler(dir, policy);
const get = (url: string, method = 'GET'): Promise<Response> => handle(new Request(url, { method }));

describe('app://taco/ (the built renderer in Electron)', () => {
  it('serves the page with the CSP as a header, frame-ancestors included', async () => {
    const page = await get('app://taco/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>TACO</title>');
    const script = await get('app://taco/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it("serves the diagram frame's page under the frame's own policy (no network, framed by our page only)", async () => {
    const frame = await get('app://taco/diagram-frame.html');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toBe(diagramFramePolicy());
    expect((await get('app://taco/index.html')).headers.get('content-security-policy')).toBe(policy);
  });

  it.each([
    'app://taco/../secret.txt',
    'app://taco/..%2fsecret.txt',
    'app://taco/assets/..%2f..%2fsecret.txt',
    'app://taco/assets/link.txt',
    'app://taco/assets%5c..%5c..%5csecret.txt',
  ])('never serves a file outside the bundle: %s', async (url) => {
    const answer = await get(url);
    expect(await answer.text()).not.toContain('do not serve me');
    expect([400, 404]).toContain(answer.status);
  });

  it('answers only its own host and GET/HEAD', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://taco/index.html', 'POST')).status).toBe(405);
    const head = await get('app://taco/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
