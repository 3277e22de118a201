import type { ProbeTask } from '../../../shared/probe/probe-task';
import { createScratchFolder, type ScratchFolder } from './scratch-folder';

/**
 * The scratch folders of one check. Against a fast server a try lasts a few milliseconds and
 * making its folder (a temp folder, the task's files) a tenth to two of them, and removing it as
 * long again, so neither happens on a try's path: while a try of a task waits for the server, the
 * folder for the task's next try is made (fresh, and touched by nothing until that try takes it),
 * and a finished try's folder is removed in the background. Each try still gets a folder of its own.
 */
export interface ScratchSupply {
  /** A fresh folder with the task's files: the one made ahead for the task when there is one. */
  take(task: ProbeTask): Promise<ScratchFolder>;
  /** The try is over: its folder is removed in the background. */
  release(folder: ScratchFolder): void;
  /** Resolves once no folder is being made ahead or removed (the benchmark charges that work to the try it follows). */
  idle(): Promise<void>;
  /** Removes the folders made ahead and never taken, and resolves once every folder is gone. */
  close(): Promise<void>;
}

/** `make` makes one folder (tests count what was made). */
export function createScratchSupply(make: (task: ProbeTask) => Promise<ScratchFolder> = createScratchFolder): ScratchSupply {
  const ahead = new Map<ProbeTask, Promise<ScratchFolder>>();
  const removing = new Set<Promise<void>>();
  let closed = false;

  const removeInBackground = (folder: Promise<ScratchFolder> | ScratchFolder): void => {
    const removal: Promise<void> = Promise.resolve(folder)
      .then((made) => made.remove())
      .catch(() => undefined)
      .finally(() => removing.delete(removal));
    removing.add(removal);
  };

  /**
   * The task's next folder, made once the try that just took one first waits (an immediate: after
   * the try's synchronous start, its first request sent), not inside take() where it would delay
   * that request. idle() and close() wait for it like any folder being made.
   */
  const makeAhead = (task: ProbeTask): void => {
    if (closed) return;
    const next = new Promise<ScratchFolder>((resolve, reject) => {
      setImmediate(() => {
        if (closed) reject(new Error('This check is over: it has no scratch folders left.'));
        else make(task).then(resolve, reject);
      });
    });
    // A failure here is met again, and reported, when the next try makes its own folder.
    next.catch(() => undefined);
    ahead.set(task, next);
  };

  return {
    async take(task) {
      if (closed) throw new Error('This check is over: it has no scratch folders left.');
      const ready = ahead.get(task);
      ahead.delete(task);
      const folder = (ready ? await ready.catch(() => null) : null) ?? (await make(task));
      if (closed) {
        removeInBackground(folder);
        throw new Error('This check is over: it has no scratch folders left.');
      }
      makeAhead(task);
      return folder;
    },
    release(folder) {
      removeInBackground(folder);
    },
    async idle() {
      await Promise.all(
        [...ahead.values()].map((made) =>
          made.then(
            () => undefined,
            () => undefined,
          ),
        ),
      );
      while (removing.size > 0) await Promise.all([...removing]);
    },
    async close() {
      closed = true;
      for (const folder of ahead.values()) removeInBackground(folder);
      ahead.clear();
      while (removing.size > 0) await Promise.all([...removing]);
    },
  };
}
