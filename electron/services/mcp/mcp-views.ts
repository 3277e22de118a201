import { DEFAULTS } from '../../../shared/constants';
import { ContractError } from '../../../shared/contract/contract-error';
import { MCP_SECRET_MASK, type McpServerConfig, type McpServerView, type McpToolView } from '../../../shared/mcp/mcp';
import type { ConnectionState } from './connection/mcp-connection';
import { mcpSandboxNotice } from '../../sandbox/mcp-server-sandbox';

/** A server as the renderer sees it: env and header values never leave main, only their keys. */
export function serverView(name: string, config: McpServerConfig, state: ConnectionState | null, tools: McpToolView[]): McpServerView {
  return {
    name,
    transport: config.command !== undefined ? 'stdio' : 'http',
    enabled: config.enabled !== false,
    status: state?.status ?? 'stopped',
    approval: config.approval ?? 'ask',
    timeoutMs: config.timeoutMs ?? DEFAULTS.mcp.callTimeoutMs,
    command: config.command ?? null,
    args: [...(config.args ?? [])],
    cwd: config.cwd ?? null,
    url: config.url ?? null,
    envKeys: Object.keys(config.env ?? {}),
    headerKeys: Object.keys(config.headers ?? {}),
    tools: state?.status === 'ready' ? tools : [],
    error: state?.error ?? null,
    stderrTail: state?.status === 'failed' || state?.status === 'stopped' ? [...(state?.stderrTail ?? [])] : [],
    ...(config.registry ? { registry: { ...config.registry } } : {}),
    sandbox: config.sandbox ? { write: [...config.sandbox.write], network: config.sandbox.network } : null,
    sandboxNotice: mcpSandboxNotice(config),
  };
}

/** A server entry that could not be used: shown failed, with the words naming the field. */
export function invalidServerView(name: string, message: string): McpServerView {
  return {
    name,
    transport: 'stdio',
    enabled: false,
    status: 'failed',
    approval: 'ask',
    timeoutMs: DEFAULTS.mcp.callTimeoutMs,
    command: null,
    args: [],
    cwd: null,
    url: null,
    envKeys: [],
    headerKeys: [],
    tools: [],
    error: `${message}. Edit the server to fix it.`,
    stderrTail: [],
    sandbox: null,
    sandboxNotice: null,
  };
}

/**
 * An edited config whose env/header values are the mask keeps the stored values; a mask with
 * nothing stored is refused, and so is a masked header of a server whose URL moved to another
 * origin (a stored key is never sent to a host it was not typed for).
 */
export function unmaskSecrets(name: string, next: McpServerConfig, stored: McpServerConfig | undefined): McpServerConfig {
  const moved = stored?.url !== undefined && next.url !== undefined && new URL(stored.url).origin !== new URL(next.url).origin;
  const merge = (field: 'env' | 'headers'): Record<string, string> | undefined => {
    const values = next[field];
    if (!values) return undefined;
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      if (value !== MCP_SECRET_MASK) {
        merged[key] = value;
        continue;
      }
      if (field === 'headers' && moved)
        throw new ContractError(
          'invalid-payload',
          `mcp.save: server "${name}" moved to another address: type the value of "${key}" again, so a stored key is not sent to a host it was not meant for.`,
        );
      const kept = stored?.[field]?.[key];
      if (kept === undefined)
        throw new ContractError(
          'invalid-payload',
          `mcp.save: server "${name}": "${field}.${key}" has no stored value to keep; type the value.`,
        );
      merged[key] = kept;
    }
    return merged;
  };
  const env = merge('env');
  const headers = merge('headers');
  return { ...next, ...(env ? { env } : {}), ...(headers ? { headers } : {}) };
}
