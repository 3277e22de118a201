import { appendText } from './inline-writes';

/**
 * One queue of writes, done one at a time in the order they were asked for, except that appends
 * which wait together behind a write in flight go out as one append per file: with several
 * conversations streaming at once the search index appends a text piece and a log line for each
 * of their timeline appends, and every append is an open, a write and a close on the thread pool.
 */
export interface CoalescedWrites {
  /** Appends `text` to the file at `path` after every write asked for before. */
  append(path: string, text: string): void;
  /** Runs a write of another kind (a replace, a removal) after every write asked for before, and before any asked for after. */
  run(task: () => Promise<void>): void;
  /** Resolves when every write asked for so far is done (or has failed and been reported). */
  idle(): Promise<void>;
}

type Write = { kind: 'append'; path: string; text: string } | { kind: 'task'; run: () => Promise<void> };

export interface CoalescedWritesOptions {
  /** Where a failed write is reported; the queue goes on with the next. */
  onError: (error: unknown) => void;
  /** The append itself (default: appendText, inline when small, with the data folder's file mode). */
  appendTo?: (path: string, text: string) => Promise<void>;
}

/**
 * Appends waiting together are joined per file, and the files are written in the order of each
 * one's last append: a file's bytes never go out before bytes that were asked for before them in
 * another file and that they follow (the search log's line after the text it describes).
 */
export function createCoalescedWrites(options: CoalescedWritesOptions): CoalescedWrites {
  const appendTo = options.appendTo ?? appendText;
  const waiting: Write[] = [];
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const next = waiting[0] as Write;
      if (next.kind === 'task') {
        waiting.shift();
        await next.run().catch(options.onError);
        continue;
      }
      const end = waiting.findIndex((write) => write.kind === 'task');
      const batch = waiting.splice(0, end === -1 ? waiting.length : end);
      const byFile = new Map<string, string>();
      for (const write of batch) {
        if (write.kind !== 'append') continue;
        const text = (byFile.get(write.path) ?? '') + write.text;
        // Deleted and set again: the map's order becomes the order of each file's last append.
        byFile.delete(write.path);
        byFile.set(write.path, text);
      }
      for (const [path, text] of byFile) await appendTo(path, text).catch(options.onError);
    }
  }

  const kick = (): void => {
    draining ??= drain().finally(() => {
      draining = null;
      if (waiting.length > 0) kick();
    });
  };

  return {
    append(path, text) {
      if (text === '') return;
      waiting.push({ kind: 'append', path, text });
      kick();
    },
    run(task) {
      waiting.push({ kind: 'task', run: task });
      kick();
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
