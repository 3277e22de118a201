import { readFile } from 'node:fs/promises';

/** The hashes of one tool as the user reviewed it, per reviewed part (tool-pinning.ts). */
export type Fingerprint = Record<'description' | 'input schema' | 'annotations', string>;

/**
 * What `mcp-tool-pins.json` holds: the reviewed tools of each server location (server-location.ts),
 * so what was reviewed at one address or command never counts for another under the same name.
 */
export interface PinsFile {
  version: 2;
  /** `{ "<server location>": { "<tool>": Fingerprint } }`. */
  locations: Record<string, Record<string, Fingerprint>>;
  /**
   * Servers whose pins were kept by name (before version 2), at an address no longer known. Their
   * old pins are not applied anywhere: at the next location such a name is seen without pins of
   * its own, every tool asks again (as after a move) instead of being trusted on first use.
   */
  unplaced: string[];
}

export function emptyPins(): PinsFile {
  return { version: 2, locations: {}, unplaced: [] };
}

/** The pins on disk; none when there is no file or it cannot be read (every server is pinned afresh). */
export async function readPinsFile(file: string): Promise<PinsFile> {
  try {
    return parsePins(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return emptyPins();
  }
}

/** Version 2 as it is; an older file (keyed by server name) becomes the list of its names, unplaced. */
function parsePins(parsed: unknown): PinsFile {
  if (!isRecord(parsed)) return emptyPins();
  if (parsed['version'] !== 2) return { ...emptyPins(), unplaced: Object.keys(parsed).filter((name) => isRecord(parsed[name])) };
  const locations = isRecord(parsed['locations']) ? parsed['locations'] : {};
  const unplaced = Array.isArray(parsed['unplaced']) ? parsed['unplaced'] : [];
  return {
    version: 2,
    locations: Object.fromEntries(Object.entries(locations).filter(([, tools]) => isRecord(tools))) as PinsFile['locations'],
    unplaced: unplaced.filter((name): name is string => typeof name === 'string'),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
