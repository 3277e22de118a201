import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import type { McpClientHooks } from '../connection/mcp-client-hooks';
import { resolveCommand } from './command-resolver';
import { describeExit } from '../connection/mcp-errors';
import { ProcessGroupTransport } from './process-group-transport';
import { mcpServerLaunch } from '../../../sandbox/mcp-server-sandbox';
import { sameOriginFetch } from '../../provider/same-origin-fetch';
import { cappedBodyFetch } from '../connection/mcp-limits';

/** A connected client and what is needed to stop it and explain its end. */
export interface OpenedServer {
  client: Client;
  transport: Transport;
  /** stdio only: the server's process (its group is killed on close). */
  process: ProcessGroupTransport | null;
  /** 'http' or 'sse' for a URL server. */
  via: 'stdio' | 'http' | 'sse';
}

export interface OpenOptions {
  name: string;
  config: McpServerConfig;
  initializeTimeoutMs: number;
  /** The PATH servers see (login-shell PATH + ours). */
  pathValue: string;
  /** Called as soon as a stdio process exists, so a start that hangs can still be stopped. */
  onProcess(process: ProcessGroupTransport): void;
  /** notifications/tools/list_changed arrived. */
  onToolsChanged(): void;
  clientVersion: string;
  /** Elicitation and OAuth (optional). */
  hooks?: McpClientHooks;
}

/** The words for a server that cannot be started or reached; thrown by openServer. */
export class ServerStartError extends Error {
  override readonly name = 'ServerStartError';
}

function newClient(options: OpenOptions): Client {
  const elicit = options.hooks?.elicit;
  // SEP-1034: the SDK fills the defaults the schema gives into an accepted form's content.
  const capabilities = elicit ? { elicitation: { form: { applyDefaults: true } } } : {};
  const client = new Client({ name: 'TACO', version: options.clientVersion }, { capabilities });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => options.onToolsChanged());
  if (elicit) client.setRequestHandler(ElicitRequestSchema, (request, extra) => elicit(options.name, request.params, extra.signal));
  return client;
}

/**
 * Starts (stdio) or reaches (HTTP) one server and runs `initialize` within the timeout. A URL
 * server that answers Streamable HTTP with a 4xx is tried again over SSE (older servers).
 */
export async function openServer(options: OpenOptions): Promise<OpenedServer> {
  const { config } = options;
  if (config.command !== undefined) return openStdio(options, config.command);
  if (config.url === undefined) throw new ServerStartError(`Server "${options.name}" has neither a command nor a url.`);
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: { ...(config.headers ?? {}) } };
  // The headers (and an OAuth token) may hold a key: redirects stay within the server's origin.
  const capped = cappedBodyFetch(sameOriginFetch());
  const fetch = options.hooks?.authFetch?.(options.name, url, capped) ?? capped;
  if (config.type !== 'sse') {
    const client = newClient(options);
    const transport = new StreamableHTTPClientTransport(url, { requestInit, fetch });
    try {
      await client.connect(transport, { timeout: options.initializeTimeoutMs });
      return { client, transport, process: null, via: 'http' };
    } catch (error) {
      await client.close().catch(() => undefined);
      if (!isClientError(error)) throw new ServerStartError(startFailure(options, error));
    }
  }
  const client = newClient(options);
  // The SDK sends requestInit's headers with the event stream and with every POST.
  const transport = new SSEClientTransport(url, { requestInit, fetch });
  try {
    await client.connect(transport, { timeout: options.initializeTimeoutMs });
    return { client, transport, process: null, via: 'sse' };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new ServerStartError(startFailure(options, error));
  }
}

async function openStdio(options: OpenOptions, command: string): Promise<OpenedServer> {
  const { config } = options;
  const cwd = config.cwd ? path.resolve(config.cwd) : undefined;
  const resolved = resolveCommand(command, { pathValue: options.pathValue, cwd: cwd ?? process.cwd() });
  if (resolved.type === 'missing') throw new ServerStartError(resolved.message);
  // A server with a `sandbox` entry runs inside the OS sandbox (electron/sandbox/), or not at all.
  const launch = await mcpServerLaunch(options.name, config, { file: resolved.file, args: config.args ?? [], cwd: cwd ?? process.cwd() });
  if (launch.type === 'refused') throw new ServerStartError(launch.message);
  const transport = new ProcessGroupTransport({
    file: launch.type === 'sandboxed' ? launch.file : resolved.file,
    args: launch.type === 'sandboxed' ? launch.args : (config.args ?? []),
    env: serverEnvironment(options.pathValue, config.env ?? {}),
    cwd,
    ...(launch.type === 'sandboxed' ? { afterExit: () => void launch.close() } : {}),
  });
  options.onProcess(transport);
  const client = newClient(options);
  try {
    await client.connect(transport, { timeout: options.initializeTimeoutMs });
    return { client, transport, process: transport, via: 'stdio' };
  } catch (error) {
    await transport.close().catch(() => undefined);
    const sandboxed =
      launch.type === 'sandboxed'
        ? ` It ran in the sandbox (${launch.notice.text}): a "read-only file system", "no such file" or refused connection in its output is the sandbox at work; allow that folder or the network in Settings → MCP servers if the server needs it.`
        : '';
    throw new ServerStartError(`${startFailure(options, error, transport)}${sandboxed}`);
  }
}

/** What a server process inherits: the safe basics (as the SDK does), our resolved PATH, then the user's env for it. */
function serverEnvironment(pathValue: string, own: Record<string, string>): Record<string, string> {
  const keys =
    process.platform === 'win32'
      ? [
          'APPDATA',
          'HOMEDRIVE',
          'HOMEPATH',
          'LOCALAPPDATA',
          'PROCESSOR_ARCHITECTURE',
          'SYSTEMDRIVE',
          'SYSTEMROOT',
          'TEMP',
          'USERNAME',
          'USERPROFILE',
          'PROGRAMFILES',
          'PATHEXT',
          'ComSpec',
        ]
      : ['HOME', 'LOGNAME', 'SHELL', 'TERM', 'USER', 'LANG', 'TMPDIR'];
  const env: Record<string, string> = {};
  for (const key of keys) {
    const value = process.env[key];
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  env.PATH = pathValue;
  return { ...env, ...own };
}

function isClientError(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code !== undefined && error.code >= 400 && error.code < 500;
  const message = error instanceof Error ? error.message : String(error);
  return /\b4\d\d\b/.test(message) && /HTTP|status|Error POSTing/i.test(message);
}

function startFailure(options: OpenOptions, error: unknown, process?: ProcessGroupTransport): string {
  const url = options.config.url;
  const target = options.config.command !== undefined ? `\`${options.config.command}\`` : addressWithoutQuery(url ?? '');
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return `The server did not answer "initialize" within ${Math.round(options.initializeTimeoutMs / 1000)} s (${target}). Check that it is an MCP server speaking ${options.config.command !== undefined ? 'stdio' : 'HTTP'}, then restart it.`;
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'ENOENT')
    return `${target} could not be started: the command or its working folder does not exist (ENOENT). Give the full path to the command or fix "cwd".`;
  if (code === 'EACCES')
    return `${target} could not be started: permission denied (EACCES). Make the file executable or give another command.`;
  if (code === 'ECONNREFUSED') return `Nothing answers at ${target} (connection refused). Start the server, or check the URL.`;
  const exit = process?.exit;
  if (exit) return `The server exited during startup (${describeExit(exit)}). See its last lines of output below.`;
  const message = error instanceof Error ? error.message : String(error);
  return `${target} could not be started: ${url ? message.split(url).join(target) : message}`;
}

/**
 * The address as a failure names it: without its query and fragment, where a server's token may
 * sit (`?api_key=…`). The failure reaches the model (a call to a failed server quotes it) and the log.
 */
function addressWithoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}
