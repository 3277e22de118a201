import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import { mcpConfigFileSchema, mcpServerConfigSchema, mcpServerNameSchema, type McpServerConfig } from '../../../../shared/mcp/mcp';
import { moveAside, writeFileAtomic } from '../../store/files/atomic-write';
import { readJsonFile } from '../../store/files/read-json-file';

export interface ParsedMcpConfig {
  servers: Map<string, McpServerConfig>;
  /** Entries that could not be used, with words naming the server and the field. Kept in the file as they are. */
  invalid: Map<string, { raw: unknown; message: string }>;
}

/** `mcp.json: server "github": "args.0" expected string, received number`. */
export function describeServerProblem(source: string, name: string, error: z.ZodError): string {
  const parts = error.issues.map(
    (issue) => `${issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the entry'} ${lowerFirst(issue.message)}`,
  );
  return `${source}: server "${name}": ${parts.join('; ')}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Reads the `mcpServers` shape: each entry validated on its own, so one bad server does not hide
 * the others. Throws (with words) only when the whole value is not that shape.
 */
export function parseMcpConfig(value: unknown, source: string): ParsedMcpConfig {
  const file = mcpConfigFileSchema.safeParse(value);
  if (!file.success)
    throw new Error(
      `${source} must be a JSON object with an "mcpServers" object, like {"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}.`,
    );
  const servers = new Map<string, McpServerConfig>();
  const invalid = new Map<string, { raw: unknown; message: string }>();
  const entries = Object.entries(file.data.mcpServers);
  if (entries.length > DEFAULTS.mcp.maxServers)
    throw new Error(`${source} lists ${entries.length} servers; at most ${DEFAULTS.mcp.maxServers} are allowed.`);
  for (const [name, raw] of entries) {
    const validName = mcpServerNameSchema.safeParse(name);
    if (!validName.success) {
      invalid.set(name, {
        raw,
        message: `${source}: server "${name}": the name ${lowerFirst(validName.error.issues[0]?.message ?? 'is not valid')}`,
      });
      continue;
    }
    const config = mcpServerConfigSchema.safeParse(raw);
    if (config.success) servers.set(name, config.data);
    else invalid.set(name, { raw, message: describeServerProblem(source, name, config.error) });
  }
  return { servers, invalid };
}

export type LoadedMcpFile = ParsedMcpConfig & { notice: string | null };

/** mcp.json in the data folder; an unreadable or misshapen file is moved aside (never lost) and TACO starts with no servers. */
export async function loadMcpFile(path: string, now: number): Promise<LoadedMcpFile> {
  const read = await readJsonFile(path);
  const empty = (): ParsedMcpConfig => ({ servers: new Map(), invalid: new Map() });
  switch (read.type) {
    case 'missing':
      return { ...empty(), notice: null };
    case 'unparsable': {
      const aside = await moveAside(path, now);
      return {
        ...empty(),
        notice: `${basename(path)} is not valid JSON. It was moved aside to “${basename(aside)}”; add your MCP servers again or fix that file and put it back.`,
      };
    }
    case 'json':
      try {
        return { ...parseMcpConfig(read.value, basename(path)), notice: null };
      } catch (error) {
        const aside = await moveAside(path, now);
        return {
          ...empty(),
          notice: `${error instanceof Error ? error.message : String(error)} It was moved aside to “${basename(aside)}”.`,
        };
      }
    default: {
      const unreachable: never = read;
      return unreachable;
    }
  }
}

/** Writes the servers back in the `mcpServers` shape (entries that could not be used stay as they were). */
export async function saveMcpFile(path: string, config: ParsedMcpConfig): Promise<void> {
  const mcpServers: Record<string, unknown> = {};
  for (const [name, entry] of config.invalid) mcpServers[name] = entry.raw;
  for (const [name, server] of config.servers) mcpServers[name] = server;
  await writeFileAtomic(path, `${JSON.stringify({ mcpServers }, null, 2)}\n`);
}

/** CLI --mcp-config FILE: the same shape, for one run (never written back). */
export async function readExtraConfig(file: string): Promise<ParsedMcpConfig> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `--mcp-config ${file} could not be read as JSON (${error instanceof Error ? error.message : String(error)}); its servers are not started.`,
    );
  }
  try {
    return parseMcpConfig(value, basename(file));
  } catch (error) {
    throw new Error(`--mcp-config: ${error instanceof Error ? error.message : String(error)}`);
  }
}
