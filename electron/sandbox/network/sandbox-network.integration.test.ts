import { createServer, request, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import type { PolicyPlaces } from '../sandbox-policy';
import { runSandboxed } from '../testing/sandbox-run';
import { folderOutsideTmp, requireBubblewrap, requirePrograms } from '../testing/require-bubblewrap';
import { startDomainProxy } from './domain-proxy';

/**
 * The network of a sandboxed command, with real bwrap, socat, curl and the proxy in this process:
 * two HTTP servers on this machine's loopback, one named in the allow-list and one not. The named
 * one answers only through the proxy; the other, a host not named, and a way around the proxy are
 * refused. The resolved-address check is tried on the proxy itself with a stubbed resolver.
 */
const { defer } = cleanupAfterAll();
let places: PolicyPlaces;
let workspace = '';
let named = 0;
let unnamed = 0;

function serve(answer: string): Promise<number> {
  const server: Server = createServer((_request, response) => response.end(answer));
  defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    }),
  );
}

beforeAll(async () => {
  requireBubblewrap();
  requirePrograms(['socat', 'curl']);
  const home = folderOutsideTmp('taco-net-home-');
  const work = folderOutsideTmp('taco-net-ws-');
  defer(home.remove);
  defer(work.remove);
  workspace = work.path;
  places = { home: home.path, dataFolders: [], searchPath: process.env['PATH'] };
  named = await serve('named-server');
  unnamed = await serve('unnamed-server');
});

/** curl inside the sandbox, printing the body, or its error and exit code. */
function curl(args: string): string {
  return `curl -sS --max-time 20 ${args} 2>&1; echo " exit=$?"`;
}

describe("a sandboxed command's network: only the named hosts, only through the proxy", () => {
  it('reaches the named loopback server through the proxy, by plain HTTP, a CONNECT tunnel and SOCKS5', async () => {
    const url = `http://127.0.0.1:${named}/`;
    const line = [curl(url), curl(`-p ${url}`), curl(`-x socks5h://127.0.0.1:3128 ${url}`), 'echo "proxy=$HTTPS_PROXY"'].join('; ');
    const ran = await runSandboxed(line, { places, workspace, hosts: [`127.0.0.1:${named}`] });
    expect(ran.stdout.match(/named-server exit=0/g)).toHaveLength(3);
    expect(ran.stdout).toContain('proxy=http://127.0.0.1:3128');
  });

  it('refuses the loopback server it was not given, and a host not named, with a clear error', async () => {
    const line = [
      curl(`http://127.0.0.1:${unnamed}/`),
      curl(`-p http://127.0.0.1:${unnamed}/`),
      curl(`http://localhost:${named}/`),
      curl('https://example.net/'),
    ].join('; ');
    const ran = await runSandboxed(line, { places, workspace, hosts: [`127.0.0.1:${named}`] });
    expect(ran.stdout).not.toContain('unnamed-server');
    expect(ran.stdout).not.toContain('named-server');
    // Plain HTTP: the proxy's answer; CONNECT (HTTPS, -p): the tunnel refused with 403.
    expect(ran.stdout.match(/Connection blocked by network allowlist/g)).toHaveLength(2);
    expect(ran.stdout.match(/CONNECT tunnel failed, response 403/g)).toHaveLength(2);
  });

  it('cannot go around the proxy: the sandbox has only a loopback of its own and no route out', async () => {
    const line = [
      curl(`--noproxy '*' http://127.0.0.1:${named}/`),
      curl("--noproxy '*' http://1.1.1.1/"),
      `node -e "require('net').connect(${named},'127.0.0.1').on('connect',()=>console.log('CONNECTED')).on('error',e=>console.log('DIRECT '+e.code))"`,
    ].join('; ');
    const ran = await runSandboxed(line, { places, workspace, hosts: [`127.0.0.1:${named}`, '1.1.1.1'] });
    expect(ran.stdout).not.toContain('named-server');
    expect(ran.stdout).not.toContain('CONNECTED');
    expect(ran.stdout).toMatch(/Failed to connect to 127\.0\.0\.1 port \d+.*\n exit=7/);
    expect(ran.stdout).toMatch(/Failed to connect to 1\.1\.1\.1 port 80.*(unreachable|Couldn't connect).*\n exit=7/i);
    expect(ran.stdout).toContain('DIRECT ECONNREFUSED');
  });

  it('without hosts there is no proxy at all: no variable points at one, and nothing answers there', async () => {
    const ran = await runSandboxed(`echo "proxy=[$HTTP_PROXY]"; ${curl(`-x http://127.0.0.1:3128 http://127.0.0.1:${named}/`)}`, {
      places,
      workspace,
    });
    expect(ran.stdout).toContain('proxy=[]');
    expect(ran.stdout).not.toContain('named-server');
    expect(ran.stdout).toMatch(/exit=[1-9]/);
  });
});

/** A CONNECT to `authority` sent straight to the proxy's UNIX socket: the status it answers. */
function connectThrough(socketPath: string, authority: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const asked = request({ socketPath, method: 'CONNECT', path: authority, headers: { host: authority } });
    asked.on('connect', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    asked.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    asked.on('error', reject);
    asked.end();
  });
}

describe('the proxy checks the address a name resolves to, not only the name (DNS rebinding)', () => {
  /** A resolver where every name is this machine's loopback, as a rebinding name's would be. */
  const toLoopback = (_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void): void =>
    callback(null, [{ address: '127.0.0.1', family: 4 }]);

  it('refuses an allowed, public-looking name that resolves to a loopback or private address', async () => {
    const proxy = await startDomainProxy({ type: 'hosts', hosts: ['public.example.com'] }, { resolve: toLoopback });
    defer(() => proxy.close());
    expect(await connectThrough(proxy.socketPath, `public.example.com:${named}`)).toBe(403);
    const toPrivate = (_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void): void =>
      callback(null, [{ address: '192.168.1.20', family: 4 }]);
    const lan = await startDomainProxy({ type: 'public' }, { resolve: toPrivate });
    defer(() => lan.close());
    expect(await connectThrough(lan.socketPath, 'printer.example.com:443')).toBe(403);
  });

  it('lets the same name through when the address it resolves to is named too (the user chose it)', async () => {
    const proxy = await startDomainProxy({ type: 'hosts', hosts: ['public.example.com', `127.0.0.1:${named}`] }, { resolve: toLoopback });
    defer(() => proxy.close());
    expect(await connectThrough(proxy.socketPath, `public.example.com:${named}`)).toBe(200);
    expect(await connectThrough(proxy.socketPath, `public.example.com:${unnamed}`)).toBe(403);
  });
});
