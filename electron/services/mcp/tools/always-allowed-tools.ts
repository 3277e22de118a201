import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  alwaysAllowCovers,
  listAlwaysAllowed,
  type AlwaysAllowedTool,
  type AlwaysAllowSubject,
} from '../../../../shared/approvals/always-allow';
import { writeFileAtomic } from '../../store/files/atomic-write';

/** The data file of "Always allow this tool" grants: `{ "<server>": { "<tool>": "<definition hash>" } }`. */
export const ALWAYS_ALLOWED_FILE_NAME = 'mcp-always-allowed.json';

/**
 * Main's record of the MCP tools the user always allows, each bound to the definition hash shown
 * when they chose it (`shared/approvals/always-allow.ts`). Kept in a data file (0600), written
 * atomically, one change at a time.
 */
export interface AlwaysAllowedTools {
  covers(subject: AlwaysAllowSubject | null): Promise<boolean>;
  grant(subject: AlwaysAllowSubject): Promise<void>;
  /** Removes a grant; false when there was none. */
  revoke(server: string, tool: string): Promise<boolean>;
  list(): Promise<AlwaysAllowedTool[]>;
  /** The server was removed: its grants go too (a server added later under its name starts asking). */
  forget(server: string): Promise<void>;
}

type Grants = Record<string, Record<string, string>>;

export function createAlwaysAllowedTools(dataDir: string): AlwaysAllowedTools {
  const file = path.join(dataDir, ALWAYS_ALLOWED_FILE_NAME);
  let grants: Promise<Grants> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = (): Promise<Grants> => (grants ??= readGrants(file));
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };
  const save = async (): Promise<void> => writeFileAtomic(file, `${JSON.stringify(await load(), null, 2)}\n`);

  return {
    covers: async (subject) => alwaysAllowCovers(await load(), subject),
    grant: (subject) =>
      serial(async () => {
        const all = await load();
        const tools = Object.hasOwn(all, subject.server) ? (all[subject.server] ?? {}) : {};
        all[subject.server] = { ...tools, [subject.tool]: subject.definitionHash };
        await save();
      }),
    revoke: (server, tool) =>
      serial(async () => {
        const all = await load();
        const tools = Object.hasOwn(all, server) ? all[server] : undefined;
        if (tools === undefined || !Object.hasOwn(tools, tool)) return false;
        delete tools[tool];
        if (Object.keys(tools).length === 0) delete all[server];
        await save();
        return true;
      }),
    list: async () => listAlwaysAllowed(await load()),
    forget: (server) =>
      serial(async () => {
        const all = await load();
        if (!Object.hasOwn(all, server)) return;
        delete all[server];
        await save();
      }),
  };
}

async function readGrants(file: string): Promise<Grants> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Grants = {};
    for (const [server, tools] of Object.entries(parsed)) {
      if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) continue;
      const kept: Record<string, string> = {};
      for (const [tool, hash] of Object.entries(tools as Record<string, unknown>)) if (typeof hash === 'string') kept[tool] = hash;
      out[server] = kept;
    }
    return out;
  } catch {
    // No file yet (or unreadable): nothing is always allowed, every call asks as before.
    return {};
  }
}
