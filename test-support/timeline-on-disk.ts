/**
 * Reads what a running TACO (another process) has written to its data folder, for tests that
 * kill it and must first know that something reached the disk. Tolerant like the real reader:
 * a torn last line is skipped. Waiting polls the files until the condition holds; it never waits
 * a fixed time for something to have happened.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StoredEvent {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** The events of every timeline in `<dataDir>/conversations/`, file by file in name order. */
export function storedEvents(dataDir: string): StoredEvent[] {
  const folder = join(dataDir, 'conversations');
  if (!existsSync(folder)) return [];
  const events: StoredEvent[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!/^[^.]+\.jsonl$/.test(name)) continue;
    for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
      try {
        const record = JSON.parse(line) as { type?: string; event?: StoredEvent };
        if (record.type === 'event' && record.event) events.push(record.event);
      } catch {
        // A torn or empty line: the real reader skips it too.
      }
    }
  }
  return events;
}

/** The streamed answer text on disk: every text-delta joined. */
export function storedText(dataDir: string): string {
  return storedEvents(dataDir)
    .filter((event) => event.type === 'text-delta')
    .map((event) => event.text ?? '')
    .join('');
}

/** Resolves once `condition` holds for the events on disk; rejects after `limitMs` with what was there. */
export async function waitForStored(
  dataDir: string,
  condition: (events: StoredEvent[]) => boolean,
  { limitMs = 30_000, pollMs = 25 }: { limitMs?: number; pollMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const events = storedEvents(dataDir);
    if (condition(events)) return;
    if (Date.now() > deadline) throw new Error(`The data folder never met the condition; it holds ${events.length} events.`);
    await new Promise((wake) => setTimeout(wake, pollMs));
  }
}
