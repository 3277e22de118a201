// Types only: shared/mcp.ts carries zod schemas the renderer must not bundle.
import type { McpApprovalPolicy, McpServerConfig, McpServerView, MCP_SECRET_MASK } from '../../../../shared/mcp/mcp';
import { DEFAULTS } from '../../../../shared/constants';

/** Main's mask for a stored env/header value: sending it back keeps the stored value. Checked against shared/mcp.ts by its type. */
export const SECRET_MASK: typeof MCP_SECRET_MASK = '••••••';

/** What the add/edit form holds: text as typed; lists one entry per line. */
export interface McpServerForm {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  /** One argument per line. */
  args: string;
  /** `KEY=value` per line; stored values show as the mask. */
  env: string;
  cwd: string;
  url: string;
  /** `Name: value` per line; stored values show as the mask. */
  headers: string;
  approval: McpApprovalPolicy;
  timeoutSeconds: string;
  /** stdio: run it in the OS sandbox (mcp.json `sandbox`). */
  sandboxed: boolean;
  /** The folders it may write, one per line (`~/` for the home folder). */
  sandboxWrite: string;
  /** The hosts it may reach through the sandbox's proxy, one per line; empty: no network. */
  sandboxHosts: string;
  /**
   * The stored entry says `network: true` (any public host, written before host lists existed):
   * kept while the host list stays empty, replaced by the hosts once any are named.
   */
  sandboxAnyHost: boolean;
}

export type McpFormField = keyof McpServerForm;
/** The fields typed as text (inputs and text areas). */
export type McpTextField = { [K in McpFormField]: McpServerForm[K] extends string ? K : never }[McpFormField];
export type McpFormResult =
  { type: 'ok'; name: string; config: McpServerConfig } | { type: 'invalid'; field: McpFormField; message: string };

export function emptyServerForm(): McpServerForm {
  return {
    name: '',
    transport: 'stdio',
    command: '',
    args: '',
    env: '',
    cwd: '',
    url: '',
    headers: '',
    approval: 'ask',
    timeoutSeconds: String(Math.round(DEFAULTS.mcp.callTimeoutMs / 1000)),
    // Off for a server added by hand, as before the sandbox (an npx server needs the network and ~/.npm); the registry installer turns it on.
    sandboxed: false,
    sandboxWrite: '',
    sandboxHosts: '',
    sandboxAnyHost: false,
  };
}

/** The form for an existing server: secret values never reach the renderer, so they show as the mask. */
export function formFromServer(server: McpServerView): McpServerForm {
  return {
    name: server.name,
    transport: server.transport,
    command: server.command ?? '',
    args: server.args.join('\n'),
    env: server.envKeys.map((key) => `${key}=${SECRET_MASK}`).join('\n'),
    cwd: server.cwd ?? '',
    url: server.url ?? '',
    headers: server.headerKeys.map((key) => `${key}: ${SECRET_MASK}`).join('\n'),
    approval: server.approval,
    timeoutSeconds: String(Math.round(server.timeoutMs / 1000)),
    sandboxed: server.sandbox !== null,
    sandboxWrite: (server.sandbox?.write ?? []).join('\n'),
    sandboxHosts: Array.isArray(server.sandbox?.network) ? server.sandbox.network.join('\n') : '',
    sandboxAnyHost: server.sandbox?.network === true,
  };
}

const lines = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

type Pairs = { type: 'ok'; record: Record<string, string> } | { type: 'invalid'; message: string };

/** `KEY=value` (env) or `Name: value` (headers) lines as a record; the first separator splits. */
function parsePairs(text: string, separator: '=' | ':', what: string, example: string): Pairs {
  const record: Record<string, string> = {};
  for (const [index, line] of lines(text).entries()) {
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (key === '') return { type: 'invalid', message: `${what}, line ${index + 1}: write it as ${example}.` };
    record[key] = line.slice(at + 1).trim();
  }
  return { type: 'ok', record };
}

/**
 * The config to send to `mcp.save`, or the first field that cannot be one. Main validates the
 * rest (names, URLs, ranges) and its message names the server and the field.
 */
export function configFromForm(form: McpServerForm, enabled: boolean): McpFormResult {
  const name = form.name.trim();
  if (name === '') return { type: 'invalid', field: 'name', message: 'Give the server a name, for example "everything" or "my-files".' };
  const timeout = form.timeoutSeconds.trim();
  if (!/^\d+$/.test(timeout) || Number(timeout) < 1)
    return { type: 'invalid', field: 'timeoutSeconds', message: 'Time limit per call must be a whole number of seconds, 1 or more.' };
  const common = { enabled, approval: form.approval, timeoutMs: Number(timeout) * 1000 };
  if (form.transport === 'stdio') {
    const command = form.command.trim();
    if (command === '')
      return { type: 'invalid', field: 'command', message: 'Give the command that starts the server, for example npx or node.' };
    const env = parsePairs(form.env, '=', 'Environment', 'KEY=value');
    if (env.type === 'invalid') return { type: 'invalid', field: 'env', message: env.message };
    const config: McpServerConfig = { command, args: lines(form.args).map((line) => line.trim()), env: env.record, ...common };
    if (form.cwd.trim() !== '') config.cwd = form.cwd.trim();
    if (form.sandboxed) {
      const hosts = lines(form.sandboxHosts).map((line) => line.trim());
      const network = hosts.length === 0 && form.sandboxAnyHost ? true : hosts;
      config.sandbox = { write: lines(form.sandboxWrite).map((line) => line.trim()), network };
    }
    return { type: 'ok', name, config };
  }
  const url = form.url.trim();
  if (url === '') return { type: 'invalid', field: 'url', message: 'Give the server’s URL, for example http://127.0.0.1:3000/mcp.' };
  const headers = parsePairs(form.headers, ':', 'Headers', 'Name: value');
  if (headers.type === 'invalid') return { type: 'invalid', field: 'headers', message: headers.message };
  return { type: 'ok', name, config: { url, headers: headers.record, ...common } };
}
