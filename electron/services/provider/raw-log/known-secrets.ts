import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import type { Settings } from '../../../../shared/settings/settings';

/**
 * The app's own secrets, as exact values for the raw log's masker (mask-secrets.ts): whatever form
 * they take in a request or a reply, they never reach `logs/llm/`.
 */

/** A header value such as `Bearer abc…`: the whole value and its credential alone. */
function withCredential(value: string): string[] {
  const parts = value.trim().split(/\s+/);
  return parts.length > 1 ? [value, parts.at(-1)!] : [value];
}

/** Model servers' header values, the web search key, and any user/password in the SearXNG address. */
export function settingsSecrets(settings: Settings): string[] {
  const headers = (settings.servers ?? []).flatMap((server) => Object.values(server.headers).flatMap(withCredential));
  const search = settings.webSearch;
  const key = search?.ollamaApiKey ? [search.ollamaApiKey] : [];
  return [...headers, ...key, ...userInfo(search?.searxngUrl)];
}

/** MCP servers' header and env values (mcp.json and --mcp-config). */
export function mcpConfigSecrets(configs: Iterable<McpServerConfig>): string[] {
  return [...configs].flatMap((config) => [
    ...Object.values(config.headers ?? {}).flatMap(withCredential),
    ...Object.values(config.env ?? {}),
  ]);
}

/** What an OAuth sign-in keeps: tokens and the client secret (token-store.ts's record). */
export function oauthSecrets(auth: unknown): string[] {
  if (typeof auth !== 'object' || auth === null) return [];
  const record = auth as { tokens?: Record<string, unknown>; clientInformation?: Record<string, unknown> };
  const fields = [
    record.tokens?.['access_token'],
    record.tokens?.['refresh_token'],
    record.tokens?.['id_token'],
    record.clientInformation?.['client_secret'],
  ];
  return fields.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** OAuth secrets main has read or written in this process (the token store reports them, `rememberSecrets`). */
const remembered = new Set<string>();

export function rememberSecrets(values: Iterable<string>): void {
  for (const value of values) remembered.add(value);
}

export function rememberedSecrets(): Iterable<string> {
  return remembered;
}

function userInfo(address: string | undefined): string[] {
  if (!address) return [];
  try {
    const url = new URL(address);
    return [decodeURIComponent(url.password), url.password, decodeURIComponent(url.username), url.username].filter((value) => value !== '');
  } catch {
    return [];
  }
}
