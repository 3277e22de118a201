/**
 * Writes bench/tool-selection/mcp-tools.json: the tools/list of two real MCP servers
 * (@modelcontextprotocol/server-everything and server-filesystem, from devDependencies), asked
 * once through the MCP SDK client over stdio. Run again after upgrading them:
 *   npx tsx bench/tool-selection/dump-mcp-tools.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

interface DumpedTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

async function listTools(serverPackage: string, args: string[]): Promise<{ server: string; version: string; tools: DumpedTool[] }> {
  const pkgPath = require.resolve(`${serverPackage}/package.json`);
  const pkg = require(pkgPath) as { version: string; bin: Record<string, string> };
  const entry = path.join(path.dirname(pkgPath), Object.values(pkg.bin)[0] ?? 'dist/index.js');
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, ...args], stderr: 'ignore' });
  const client = new Client({ name: 'taco-bench-dump', version: '0.1.0' });
  await client.connect(transport);
  try {
    const tools: DumpedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      for (const tool of page.tools) tools.push({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
      cursor = page.nextCursor;
    } while (cursor);
    return { server: serverPackage, version: pkg.version, tools };
  } finally {
    await client.close();
  }
}

const root = await mkdtemp(path.join(tmpdir(), 'taco-mcp-dump-'));
try {
  const servers = [
    await listTools('@modelcontextprotocol/server-everything', []),
    await listTools('@modelcontextprotocol/server-filesystem', [root]),
  ];
  const out = path.join(HERE, 'mcp-tools.json');
  await writeFile(out, `${JSON.stringify({ madeBy: 'npx tsx bench/tool-selection/dump-mcp-tools.ts', servers }, null, 2)}\n`);
  console.log(`Wrote ${out}: ${servers.map((s) => `${s.server}@${s.version} ${s.tools.length} tools`).join(', ')}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
