import { undoneWrites, type UndoResult } from '../../../../shared/documents/documents';
import { applyContent, currentTooLarge, describe, diffFromCurrent, otherWorkspace, planRestore, type UndoTarget } from './undo-change';

/**
 * Redo of an undone write (the write's row says "Undone · Redo"): puts back the content the write
 * wrote, as a `restore` record that `redoes` it, so the write counts as done again (and can be
 * undone again). The rules of undo hold: the file changed since the undo (by hand or another
 * program) needs `confirmed`, and its current content is kept as a version first.
 */
export async function redoWrite(target: UndoTarget & { seq: number; confirmed: boolean }): Promise<UndoResult> {
  const records = await target.store.records(target.conversationId);
  const write = records.find((record) => record.seq === target.seq && record.kind === 'write');
  if (!write || !undoneWrites(records).has(write.seq)) return { type: 'nothing', message: 'Nothing to redo: this write is not undone.' };
  const elsewhere = otherWorkspace(write, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  const undo = records.findLast((record) => record.undoes === write.seq);
  const plan = await planRestore(target, write.path, write.after, undo?.after ?? null);
  if (plan.lost)
    return {
      type: 'nothing',
      message: `${write.path}: the content this write made was not kept (too large, or dropped to stay within the version budget), so it cannot be redone.`,
    };
  const tooLarge = currentTooLarge(write.path, plan.current);
  if (tooLarge) return { type: 'nothing', message: tooLarge };
  if (plan.changedSince && !target.confirmed) {
    return {
      type: 'needs-confirmation',
      preview: {
        type: 'ready',
        seq: write.seq,
        path: write.path,
        diff: diffFromCurrent(write.path, plan.current, plan.restored),
        changedSince: true,
        lost: false,
      },
      message: `${write.path} changed since the undo. Redoing puts back what this write wrote; the current content is kept as a version.`,
    };
  }
  const written = await applyContent(target, write.path, plan, { kind: 'restore', redoes: write.seq });
  return { type: 'undone', path: write.path, record: written, message: `Redid the write to ${write.path} (${describe(plan.restored)}).` };
}
