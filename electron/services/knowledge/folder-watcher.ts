import { watch, type FSWatcher } from 'node:fs';

/** What a watcher reports: changed paths (relative, after a quiet spell), or that the folder cannot be watched any more. */
export type WatchReport = { type: 'changed'; paths: string[] } | { type: 'lost'; reason: string };

export interface FolderWatcher {
  close(): void;
}

/**
 * Watches a folder and everything below it (Node's recursive fs.watch) and reports the changed
 * paths once `debounceMs` passed with no further event, so a burst (a checkout, an unzip) is one
 * report. Events carry names only: what changed is found by the caller's walk, which applies its
 * own rules (links, private places), so the watcher never decides what is read.
 */
export function watchFolder(root: string, debounceMs: number, report: (report: WatchReport) => void): FolderWatcher {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let watcher: FSWatcher | null = null;
  const flush = (): void => {
    timer = null;
    const paths = [...changed];
    changed.clear();
    report({ type: 'changed', paths });
  };
  try {
    watcher = watch(root, { recursive: true, persistent: false }, (_event, name) => {
      changed.add(name === null ? '' : String(name).split('\\').join('/'));
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    });
    watcher.on('error', (error) => {
      report({ type: 'lost', reason: error instanceof Error ? error.message : String(error) });
    });
  } catch (error) {
    queueMicrotask(() => report({ type: 'lost', reason: error instanceof Error ? error.message : String(error) }));
  }
  return {
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
