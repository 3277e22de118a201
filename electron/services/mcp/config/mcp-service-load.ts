import { loadMcpFile, readExtraConfig } from './mcp-config';
import { newEntry, type McpServerEntry } from '../mcp-server-entry';

/** A server whose mcp.json entry could not be read: kept as it was written, shown with why. */
export interface InvalidServer {
  raw: unknown;
  message: string;
}

/**
 * The servers of mcp.json, then those of `--mcp-config` for this run only (enabled unless they say
 * otherwise, replacing a stored server of the same name), into `entries` and `invalid`. Problems are
 * logged (never with env or header values); a bad `--mcp-config` does not keep mcp.json's servers out.
 */
export async function loadServers(
  into: { entries: Map<string, McpServerEntry>; invalid: Map<string, InvalidServer> },
  from: { file: string; extraConfigFile?: string | null; now: number; log(message: string): void },
): Promise<void> {
  const { entries, invalid } = into;
  const { log } = from;
  const stored = await loadMcpFile(from.file, from.now);
  if (stored.notice) log(stored.notice);
  for (const [name, bad] of stored.invalid) {
    invalid.set(name, bad);
    log(bad.message);
  }
  for (const [name, config] of stored.servers) entries.set(name, newEntry(config, true));
  if (!from.extraConfigFile) return;
  const extra = await readExtraConfig(from.extraConfigFile).catch((error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    return null;
  });
  for (const bad of extra?.invalid.values() ?? []) log(bad.message);
  for (const [name, config] of extra?.servers ?? []) {
    entries.set(name, newEntry({ ...config, enabled: config.enabled ?? true }, false));
    invalid.delete(name);
  }
}
