import { undoneWrites, type VersionRecord } from '../../../shared/documents/documents';
import type { AppContext } from '../app/app-context';
import type { CallHandlers } from '../app/call-router';
import { resolveWorkspace } from '../app/runs/run-launcher';
import { branchRunsOf } from './undo/branch-runs';
import { redoWrite } from './undo/redo-change';
import { boundedDiff, sizeSummary, tooLargeToDiff } from '../../../tools/files/bounded-diff';
import { previewUndo, restoreVersion, undoWrite, type UndoTarget } from './undo/undo-change';

export type DocumentsCallName =
  'documents.list' | 'documents.undoPreview' | 'documents.undo' | 'documents.diff' | 'documents.restore' | 'documents.redo';

/** The documents.* calls: the conversation's written files, their versions, undo and restore. */
export function documentsHandlers(ctx: AppContext): Pick<CallHandlers, DocumentsCallName> {
  const targetOf = async (conversationId: string, callId?: string): Promise<UndoTarget> => {
    const workspace = await resolveWorkspace(ctx.settings.current().workspace);
    const base = { store: ctx.versions, conversationId, workspace, branchRuns: await branchRunsOf(ctx, conversationId) };
    if (callId === undefined) return base;
    const record = (await ctx.versions.records(conversationId)).find(
      (candidate) => candidate.kind === 'write' && candidate.callId === callId,
    );
    // A call that wrote nothing (denied, failed) has no record: seq 0 matches no write, so undo says there is nothing to undo.
    return { ...base, seq: record?.seq ?? 0 };
  };
  const note = (conversationId: string, command: string, output: string): void => {
    ctx.hub.emit({ type: 'command-output', conversationId, command, output, at: ctx.now() });
  };
  return {
    'documents.list': async ({ conversationId }) => {
      const records = await ctx.versions.records(conversationId);
      const byPath = new Map<string, VersionRecord[]>();
      for (const record of records) byPath.set(record.path, [...(byPath.get(record.path) ?? []), record]);
      return {
        documents: [...byPath].map(([path, list]) => ({ path, records: list })),
        undone: [...undoneWrites(records)],
      };
    },
    'documents.undoPreview': async ({ conversationId, callId }) => previewUndo(await targetOf(conversationId, callId)),
    'documents.undo': async ({ conversationId, callId, confirmed }) => {
      const result = await undoWrite({ ...(await targetOf(conversationId, callId)), confirmed });
      if (result.type === 'undone') note(conversationId, 'undo', result.message);
      return result;
    },
    'documents.diff': async ({ conversationId, from, to }) => {
      const records = await ctx.versions.records(conversationId);
      const pick = (ref: { seq: number; side: 'before' | 'after' }) => records.find((record) => record.seq === ref.seq)?.[ref.side] ?? null;
      const path = records.find((record) => record.seq === to.seq)?.path ?? 'file';
      const [leftRef, rightRef] = [pick(from), pick(to)];
      const notKept = 'One of these versions was not kept (too large, or dropped to stay within the version budget).';
      if (leftRef?.hash === null || rightRef?.hash === null) return { diff: notKept };
      // Sizes are in the records: a version too large to diff is summarised without being read.
      if (tooLargeToDiff(leftRef?.size ?? null) || tooLargeToDiff(rightRef?.size ?? null))
        return { diff: sizeSummary(path, leftRef?.size ?? null, rightRef?.size ?? null) };
      const [left, right] = await Promise.all([
        ctx.versions.content(conversationId, leftRef),
        ctx.versions.content(conversationId, rightRef),
      ]);
      if (left === 'missing' || right === 'missing') return { diff: notKept };
      return { diff: boundedDiff(path, left, right) };
    },
    'documents.redo': async ({ conversationId, callId, confirmed }) => {
      const target = await targetOf(conversationId, callId);
      if (target.seq === undefined || target.seq === 0) return { type: 'nothing', message: 'Nothing to redo: this call wrote no file.' };
      const result = await redoWrite({ ...target, seq: target.seq, confirmed });
      if (result.type === 'undone') note(conversationId, 'redo', result.message);
      return result;
    },
    'documents.restore': async ({ conversationId, version }) => {
      const workspace = await resolveWorkspace(ctx.settings.current().workspace);
      const result = await restoreVersion({ store: ctx.versions, conversationId, workspace, seq: version.seq, side: version.side });
      if (result.type === 'undone') note(conversationId, 'restore', result.message);
      return result;
    },
  };
}
