import { join } from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { writeFileAtomic } from '../files/atomic-write';
import { appendText, removeFileIfPresent } from '../files/inline-writes';
import { conversationsDir, indexFile } from '../files/data-dir';

/**
 * Writes `index.json`, the conversations' summaries (derived data: the timelines are the truth).
 * An appended event changes its conversation's entry (updated time, open run, tail facts), and
 * rewriting the whole index (every conversation, a temp file, two fsyncs) after each append made
 * every streaming conversation wait on one queue. Appends therefore only mark the index stale and
 * it is written `DEFAULTS.store.indexSaveDelayMs` later, once for the whole burst. So do a new
 * conversation and a changed title, pin, model or options (each conversation made two more
 * writes of the whole index, four fsyncs, before it had answered); a delete or an import writes
 * it at once, as before.
 *
 * What a crash leaves: before the first append after a write goes to its timeline, a marker file
 * (`DEFAULTS.store.indexStaleMarker` in the conversations folder) is made; it is removed once an
 * index written after the last such append is in place. A start that finds it checks every entry
 * against its timeline and reads again the timelines the index no longer describes (store-load.ts).
 * The start reads that folder anyway, so a clean start pays nothing for this.
 */
export interface IndexWriter {
  /** Writes the index now (writes coalesce while one is in flight). */
  save(): Promise<void>;
  /** Before a change that will be saved later is written to a timeline: the stale marker is on disk when this resolves. */
  willChange(): Promise<void>;
  /** After that change is in memory (or failed): saves within the delay. Called once per willChange that resolved. */
  changed(): void;
  /**
   * A change a start finds without the marker (a new timeline: a start reads every timeline the
   * index does not list, store-load.ts): saved within the delay, with the burst it belongs to.
   */
  soon(): void;
  /** Saves now what waits for the delay, and resolves when no write is in flight. */
  idle(): Promise<void>;
  /** The start found the marker (a crash after a change the index missed): it stays until a new index is written. */
  adoptMarker(): void;
}

/** The name of the marker in the conversations folder; not a timeline's name (those end in `.jsonl`). */
export const indexStaleMarkerPath = (dataDir: string): string => join(conversationsDir(dataDir), DEFAULTS.store.indexStaleMarker);

export function createIndexWriter(options: {
  dataDir: string;
  /** The index's text as of now. */
  serialize: () => string;
  log: (message: string) => void;
  delayMs?: number;
}): IndexWriter {
  const { dataDir, log } = options;
  const delayMs = options.delayMs ?? DEFAULTS.store.indexSaveDelayMs;
  const markerPath = indexStaleMarkerPath(dataDir);
  let dirty = false;
  let saving: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Changes begun (their marker on disk) and done (in memory, or failed): an index taken with none in between, and none begun since, lets the marker go. */
  let begun = 0;
  let done = 0;
  /** The marker's state on disk: absent, or the promise of its making (or of its removal, then absent). */
  let marker: 'absent' | 'present' = 'absent';
  let markerWork: Promise<void> = Promise.resolve();

  const removeMarker = (): void => {
    marker = 'absent';
    markerWork = markerWork
      .then(() => removeFileIfPresent(markerPath))
      .catch((error: unknown) => log(`Could not remove the index's stale marker (${messageOf(error)}); the next start checks the index.`));
  };

  const save = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    dirty = true;
    saving ??= (async () => {
      try {
        while (dirty) {
          dirty = false;
          const covered = begun;
          const complete = done === begun;
          await writeFileAtomic(indexFile(dataDir), options.serialize());
          // Every change begun before this index's text was taken is in it, and none began since: the marker goes.
          if (complete && begun === covered && marker === 'present' && !dirty) removeMarker();
        }
      } catch (error) {
        dirty = true;
        log(`Could not write the conversation index (${messageOf(error)}); it will be rebuilt from the timelines if needed.`);
      } finally {
        saving = null;
      }
    })();
    return saving;
  };

  function later(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void save();
    }, delayMs);
    timer.unref?.();
  }

  return {
    save,
    async willChange() {
      // Counted at once: an index written meanwhile, without this change, must not let the marker go.
      begun += 1;
      if (marker === 'absent') {
        marker = 'present';
        // Made empty (an append of nothing creates the file), inline: no fsync, as before.
        markerWork = markerWork.then(() => appendText(markerPath, ''));
      }
      // A failure to make it is the append's failure: the events are kept and written again later.
      await markerWork.catch((error: unknown) => {
        marker = 'absent';
        markerWork = Promise.resolve();
        done += 1;
        throw error;
      });
    },
    changed() {
      done += 1;
      later();
    },
    soon: later,
    async idle() {
      if (timer) await save();
      while (saving) await saving;
      await markerWork.catch(() => undefined);
    },
    adoptMarker() {
      marker = 'present';
    },
  };
}

/**
 * A change the index takes with its delayed burst: the stale marker is on disk before `change`
 * writes to a timeline, and the index follows within the delay, whether `change` succeeds or not.
 * A crash in between is found at the next start (store-load.ts).
 */
export async function inIndexBurst<T>(index: Pick<IndexWriter, 'willChange' | 'changed'>, change: () => Promise<T>): Promise<T> {
  await index.willChange();
  try {
    return await change();
  } finally {
    index.changed();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
