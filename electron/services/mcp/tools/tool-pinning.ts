import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { writeFileAtomic } from '../../store/files/atomic-write';
import { stableJson } from '../../../../shared/contract/json';
import { readPinsFile, type Fingerprint, type PinsFile } from './tool-pins-file';

/** The parts of a tool a user reviews, each hashed: what the model reads and what decides approval. */
const PARTS = {
  description: (tool: Tool) => [tool.description ?? '', tool.title ?? ''],
  'input schema': (tool: Tool) => tool.inputSchema ?? null,
  annotations: (tool: Tool) => tool.annotations ?? null,
} as const;
type PartName = keyof typeof PARTS;

/** The file in the data folder holding the reviewed fingerprints, per server location (tool-pins-file.ts). */
export const PINS_FILE_NAME = 'mcp-tool-pins.json';

/**
 * Whose pins: the server's location (`serverLocation`, server-location.ts), which they are kept
 * under, and its name, for pins an older TACO kept by name (tool-pins-file.ts: `unplaced`).
 */
export interface PinnedServer {
  name: string;
  location: string;
}

/**
 * MCP "rug pull" guard: a hash of each tool as the user reviewed it (name, description, input
 * schema, annotations), kept per server location: a server seen for the first time at a location
 * is pinned as it is (trust on first use, as when the user enabled it); afterwards a tool whose
 * hash differs, or a tool that was not there, is unreviewed until the user accepts it in Settings:
 * it always asks, with a warning that says what changed, and its readOnlyHint is not trusted.
 * Another server under the same name at another URL or command (a `--mcp-config`, a server
 * removed and added again) has pins of its own.
 */
export interface ToolPins {
  /** Pins the location's tools if it has none yet; then what changed per unreviewed tool name ("new tool", "description", ...). */
  review(server: PinnedServer, tools: readonly Tool[]): Promise<Map<string, string[]>>;
  /** The user accepted the server's current tools: they are pinned as they are now. */
  accept(server: PinnedServer, tools: readonly Tool[]): Promise<void>;
  /** The server was removed: its pins go too (a server added later at its location starts fresh). */
  forget(server: PinnedServer): Promise<void>;
  /**
   * The server moved here from another address (or the user asked to review it): nothing is
   * reviewed at this location, so every tool is "new tool" and asks until the user accepts it.
   */
  reset(server: PinnedServer): Promise<void>;
}

export function createToolPins(dataDir: string): ToolPins {
  const file = path.join(dataDir, PINS_FILE_NAME);
  let pins: Promise<PinsFile> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = (): Promise<PinsFile> => (pins ??= readPinsFile(file));
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };
  const save = async (): Promise<void> => writeFileAtomic(file, `${JSON.stringify(await load(), null, 2)}\n`);
  /** The name's pins by name, if an older TACO kept some, are dealt with: true if there were. */
  const placeName = (all: PinsFile, name: string): boolean => {
    const before = all.unplaced.length;
    all.unplaced = all.unplaced.filter((each) => each !== name);
    return all.unplaced.length < before;
  };

  return {
    review: (server, tools) =>
      serial(async () => {
        const all = await load();
        let pinned = Object.hasOwn(all.locations, server.location) ? all.locations[server.location] : undefined;
        if (pinned === undefined) {
          pinned = placeName(all, server.name) ? {} : fingerprints(tools);
          all.locations[server.location] = pinned;
          await save();
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
        const pinned = Object.hasOwn(all.locations, server.location) ? all.locations[server.location] : {};
        all.locations[server.location] = { ...pinned, ...fingerprints(tools) };
        placeName(all, server.name);
        await save();
      }),
    reset: (server) =>
      serial(async () => {
        const all = await load();
        all.locations[server.location] = {};
        placeName(all, server.name);
        await save();
      }),
    forget: (server) =>
      serial(async () => {
        const all = await load();
        const pinned = Object.hasOwn(all.locations, server.location);
        if (!placeName(all, server.name) && !pinned) return;
        delete all.locations[server.location];
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

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
