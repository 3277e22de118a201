import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { writeFileAtomic } from '../store/files/atomic-write';
import { stableJson } from '../../../shared/contract/json';

/** The parts of a tool a user reviews, each hashed: what the model reads and what decides approval. */
const PARTS = {
  description: (tool: Tool) => [tool.description ?? '', tool.title ?? ''],
  'input schema': (tool: Tool) => tool.inputSchema ?? null,
  annotations: (tool: Tool) => tool.annotations ?? null,
} as const;
type PartName = keyof typeof PARTS;
type Fingerprint = Record<PartName, string>;

/** The file in the data folder holding the reviewed fingerprints: `{ "<server>": { "<tool>": Fingerprint } }`. */
export const PINS_FILE_NAME = 'mcp-tool-pins.json';

/**
 * MCP "rug pull" guard: a hash of each tool as the user reviewed it (name, description, input
 * schema, annotations). A server seen for the first time is pinned as it is (trust on first use,
 * as when the user enabled it); afterwards a tool whose hash differs, or a tool that was not there,
 * is unreviewed until the user accepts it in Settings: it always asks, with a warning that says
 * what changed, and its readOnlyHint is not trusted.
 */
export interface ToolPins {
  /** Pins a server's tools if it has none yet; then what changed per unreviewed tool name ("new tool", "description", ...). */
  review(server: string, tools: readonly Tool[]): Promise<Map<string, string[]>>;
  /** The user accepted the server's current tools: they are pinned as they are now. */
  accept(server: string, tools: readonly Tool[]): Promise<void>;
  /** The server was removed: its pins go too (a server added later under its name starts fresh). */
  forget(server: string): Promise<void>;
  /**
   * The server moved to another address: what was reviewed at the old one does not carry over.
   * Pinned with nothing reviewed, so every tool is "new tool" and asks until the user accepts it.
   */
  reset(server: string): Promise<void>;
}

export function createToolPins(dataDir: string): ToolPins {
  const file = path.join(dataDir, PINS_FILE_NAME);
  let pins: Promise<Record<string, Record<string, Fingerprint>>> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = (): Promise<Record<string, Record<string, Fingerprint>>> => (pins ??= readPins(file));
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };
  const save = async (): Promise<void> => writeFileAtomic(file, `${JSON.stringify(await load(), null, 2)}\n`);

  return {
    review: (server, tools) =>
      serial(async () => {
        const all = await load();
        const pinned = Object.hasOwn(all, server) ? all[server] : undefined;
        if (pinned === undefined) {
          all[server] = fingerprints(tools);
          await save();
          return new Map();
        }
        const unreviewed = new Map<string, string[]>();
        for (const tool of tools) {
          const before = Object.hasOwn(pinned, tool.name) ? pinned[tool.name] : undefined;
          const now = fingerprint(tool);
          if (before === undefined) unreviewed.set(tool.name, ['new tool']);
          else {
            const changed = (Object.keys(PARTS) as PartName[]).filter((part) => before[part] !== now[part]);
            if (changed.length > 0) unreviewed.set(tool.name, changed);
          }
        }
        return unreviewed;
      }),
    accept: (server, tools) =>
      serial(async () => {
        const all = await load();
        all[server] = { ...(Object.hasOwn(all, server) ? all[server] : {}), ...fingerprints(tools) };
        await save();
      }),
    reset: (server) =>
      serial(async () => {
        const all = await load();
        all[server] = {};
        await save();
      }),
    forget: (server) =>
      serial(async () => {
        const all = await load();
        if (!Object.hasOwn(all, server)) return;
        delete all[server];
        await save();
      }),
  };
}

/** Each part's hash, over a stable JSON form (key order does not count as a change). */
export function fingerprint(tool: Tool): Fingerprint {
  const out = {} as Fingerprint;
  for (const part of Object.keys(PARTS) as PartName[]) out[part] = sha256(stableJson(PARTS[part](tool)));
  return out;
}

/** One hash of the whole reviewed definition: what "Always allow this tool" is bound to (always-allowed-tools.ts). */
export function definitionHash(tool: Tool): string {
  return sha256(stableJson(fingerprint(tool)));
}

function fingerprints(tools: readonly Tool[]): Record<string, Fingerprint> {
  const out: Record<string, Fingerprint> = Object.create(null) as Record<string, Fingerprint>;
  for (const tool of tools) out[tool.name] = fingerprint(tool);
  return { ...out };
}

async function readPins(file: string): Promise<Record<string, Record<string, Fingerprint>>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, Record<string, Fingerprint>>)
      : {};
  } catch {
    // No file yet (or unreadable): every server is pinned afresh at its next start.
    return {};
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
