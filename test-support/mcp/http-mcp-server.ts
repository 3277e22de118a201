import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface HttpMcpServer {
  /** Streamable HTTP: `${origin}/mcp`; SSE-only: `${origin}/sse` (POSTs there answer 405). */
  url: string;
  /** Headers of every request that reached the server. */
  headers: IncomingMessage['headers'][];
  /** Resolves when a call of `wait-for-cancel` has started on the server. */
  waiting: Promise<void>;
  /** Resolves when a call of `wait-for-cancel` is cancelled by the client (notifications/cancelled). */
  cancelled: Promise<void>;
  /** Registers one more tool on every session: the SDK sends notifications/tools/list_changed. */
  addTool(name: string): void;
  close(): Promise<void>;
}

/** The SDK's own server (McpServer) over Streamable HTTP — or only the older SSE transport — on 127.0.0.1:0. */
export async function startHttpMcpServer(options: { mode: 'streamable' | 'sse' }): Promise<HttpMcpServer> {
  const servers: McpServer[] = [];
  const extraTools: string[] = [];
  const headers: IncomingMessage['headers'][] = [];
  let markWaiting: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (markWaiting = resolve));
  let markCancelled: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (markCancelled = resolve));
  const build = (): McpServer => {
    const server = new McpServer({ name: 'taco-test-http', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.registerTool(
      'shout',
      { description: 'Upper-cases a text.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
      async ({ text }) => ({
        content: [{ type: 'text', text: text.toUpperCase() }],
      }),
    );
    server.registerTool('refuse', { description: 'Always fails.', inputSchema: {} }, async () => ({
      content: [{ type: 'text', text: 'Refused on purpose.' }],
      isError: true,
    }));
    server.registerTool('wait-for-cancel', { description: 'Runs until the client cancels it.', inputSchema: {} }, (_args, extra) => {
      markWaiting();
      return new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          markCancelled();
          resolve({ content: [{ type: 'text', text: 'cancelled' }] });
        });
      });
    });
    for (const name of extraTools)
      server.registerTool(name, { description: `Added later: ${name}.` }, async () => ({ content: [{ type: 'text', text: name }] }));
    servers.push(server);
    return server;
  };
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    headers.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (options.mode === 'sse') {
      if (url.pathname === '/sse' && req.method === 'GET') {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        await build().connect(transport);
        return;
      }
      if (url.pathname === '/messages' && req.method === 'POST') {
        const transport = sse.get(url.searchParams.get('sessionId') ?? '');
        if (transport) return transport.handlePostMessage(req, res);
      }
      res.writeHead(url.pathname === '/sse' ? 405 : 404).end();
      return;
    }
    if (url.pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? streamable.get(sessionId) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          if (transport) streamable.set(id, transport);
        },
      });
      await build().connect(transport);
    }
    await transport.handleRequest(req, res);
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.mode === 'sse' ? '/sse' : '/mcp'}`,
    headers,
    waiting,
    cancelled,
    addTool(name) {
      extraTools.push(name);
      for (const server of servers)
        if (server.isConnected())
          server.registerTool(name, { description: `Added later: ${name}.` }, async () => ({ content: [{ type: 'text', text: name }] }));
    },
    async close() {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
