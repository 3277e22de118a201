import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolFailure } from '../../tools/catalogue/tool-runtime-types';
import { filesystemServer, MCP_TEST_TIMEOUT_MS } from '../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach } from '../services/mcp/testing/mcp-harness';
import { folderOutsideTmp, requireBubblewrap } from './testing/require-bubblewrap';

/**
 * The real server-filesystem (from node_modules) started with a `sandbox` entry: the server itself
 * would allow every folder it is given, the sandbox lets it write only the listed one and see no
 * secret. Folders are outside /tmp (the sandbox's /tmp is private).
 */
const { harness } = mcpHarnessesClosedAfterEach();
const realHome = process.env['HOME'];
let allowed = '';
let outside = '';
let home = '';
const SECRET = 'mcp-ssh-secret-51d0';

beforeAll(() => {
  requireBubblewrap();
  const folders = ['taco-mcp-allowed-', 'taco-mcp-outside-', 'taco-mcp-home-'].map((prefix) => folderOutsideTmp(prefix));
  [allowed, outside, home] = folders.map((folder) => folder.path) as [string, string, string];
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), SECRET);
  process.env['HOME'] = home;
  return () => {
    for (const folder of folders) folder.remove();
  };
});

afterAll(() => {
  process.env['HOME'] = realHome;
});

const failure = (pattern: RegExp) => (error: unknown) => error instanceof ToolFailure && pattern.test(error.message);

describe('a stdio MCP server in the sandbox (bubblewrap)', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('writes where its sandbox allows and is denied a folder outside it, although the server itself allows both', async () => {
    const h = harness({
      files: {
        ...filesystemServer(allowed),
        args: [...filesystemServer(allowed).args!, outside],
        sandbox: { write: [allowed], network: false },
      },
    });
    await h.waitFor('files', 'ready');
    await h.run('mcp__files__write_file', { path: join(allowed, 'ok.txt'), content: 'inside' });
    expect(readFileSync(join(allowed, 'ok.txt'), 'utf8')).toBe('inside');
    // The outside folder is not there at all inside the sandbox: the server finds none of it to allow.
    await expect(h.run('mcp__files__write_file', { path: join(outside, 'escaped.txt'), content: 'x' })).rejects.toSatisfy(
      failure(/ENOENT|no such file|outside allowed directories/i),
    );
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
  });

  it("cannot read a file under HOME's .ssh even with HOME among its folders", async () => {
    const h = harness({ files: { ...filesystemServer(home), sandbox: { write: [], network: false } } });
    await h.waitFor('files', 'ready');
    await expect(h.run('mcp__files__read_text_file', { path: join(home, '.ssh', 'id_ed25519') })).rejects.toSatisfy(
      failure(/ENOENT|no such file/i),
    );
  });

  it('a server that fails inside the sandbox shows the denied path in its stderr tail and says it ran sandboxed', async () => {
    const target = join(outside, 'startup.log');
    const script = `require('fs').writeFileSync(${JSON.stringify(target)}, 'x')`;
    const h = harness({ crashes: { command: 'node', args: ['-e', script], sandbox: { write: [allowed], network: false } } });
    const view = await h.waitFor('crashes', 'failed');
    expect(view.stderrTail.join('\n')).toContain(`ENOENT: no such file or directory, open '${target}'`);
    expect(view.error).toMatch(/It ran in the sandbox \(Can change only .* · no network/);
    expect(existsSync(target)).toBe(false);
  });

  it('with the network on, reaches it only through the proxy: its variables point there, and this computer stays out of reach', async () => {
    const listener = createServer((socket) => socket.end('host-service\n'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const viaProxy = `const p=new URL(process.env.HTTPS_PROXY);require('http').request({host:p.hostname,port:p.port,method:'CONNECT',path:'127.0.0.1:${port}'}).on('connect',(r)=>{console.error('PROXY '+r.statusCode);process.exit(1)}).on('error',e=>{console.error('PROXY '+e.code);process.exit(1)}).end()`;
      const script = `console.error('proxy='+process.env.HTTPS_PROXY);require('net').connect(${port},'127.0.0.1').on('data',d=>console.error('GOT '+d)).on('error',e=>{console.error('DIRECT '+e.code);${viaProxy}})`;
      const h = harness({ online: { command: 'node', args: ['-e', script], sandbox: { write: [], network: true } } });
      const view = await h.waitFor('online', 'failed');
      const tail = view.stderrTail.join('\n');
      expect(tail).toContain('proxy=http://127.0.0.1:3128');
      expect(tail).toContain('DIRECT ECONNREFUSED');
      // "Any public host" never includes this computer's loopback: the proxy refuses the tunnel.
      expect(tail).toContain('PROXY 403');
      expect(tail).not.toContain('host-service');
      expect(view.error).toMatch(/network: any public host through TACO's proxy, but not this computer's own services/);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('with a host list, reaches only the hosts listed, through the proxy, and says which', async () => {
    const serve = async (answer: string) => {
      const listener = createServer((socket) => socket.end(`${answer}\n`));
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      return { listener, port: (listener.address() as AddressInfo).port };
    };
    const named = await serve('named-service');
    const unnamed = await serve('unnamed-service');
    try {
      // A CONNECT tunnel through the proxy to each port: the named one answers, the other is refused.
      const tunnel = (port: number, then: string) =>
        `require('http').request({host:p.hostname,port:p.port,method:'CONNECT',path:'127.0.0.1:${port}'}).on('connect',(r,s)=>{console.error('${port} '+r.statusCode);s.on('data',d=>console.error('GOT '+d));s.on('close',()=>{${then}})}).on('error',e=>{console.error('${port} '+e.code);${then}}).end()`;
      const script = `const p=new URL(process.env.HTTPS_PROXY);${tunnel(named.port, tunnel(unnamed.port, 'process.exit(1)'))}`;
      const h = harness({
        listed: { command: 'node', args: ['-e', script], sandbox: { write: [], network: [`127.0.0.1:${named.port}`] } },
      });
      const view = await h.waitFor('listed', 'failed');
      const tail = view.stderrTail.join('\n');
      expect(tail).toContain(`${named.port} 200`);
      expect(tail).toContain('GOT named-service');
      expect(tail).toContain(`${unnamed.port} 403`);
      expect(tail).not.toContain('unnamed-service');
      expect(view.error).toContain(`network: only 127.0.0.1:${named.port}, through TACO's proxy`);
    } finally {
      for (const { listener } of [named, unnamed]) await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('a host list with an entry that is not a host is not started, saying which entry', async () => {
    const h = harness({ wrong: { command: 'node', args: ['-e', '1'], sandbox: { write: [], network: ['https://example.com/x'] } } });
    const view = await h.waitFor('wrong', 'failed');
    expect(view.error).toContain('"https://example.com/x" is not a host the network can be allowed for');
  });
});
