import { unlink } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import { DEFAULTS } from '../../../shared/constants';
import { undoneWrites, type ContentRef, type UndoPreview, type UndoResult, type VersionRecord } from '../../../shared/documents';
import { openVerifiedForRead } from '../../../tools/files/open-verified';
import { resolveWorkspacePath } from '../../../tools/files/workspace-path';
import { writeWorkspaceFile } from '../../../tools/files/write_file';
import { sha256 } from './content-blobs';
import type { VersionStore } from './version-store';

export interface UndoTarget {
  store: VersionStore;
  conversationId: string;
  workspace: string | null;
  /** The write to undo; absent: the last write of the conversation not undone yet. */
  seq?: number;
}

export const NOTHING_TO_UNDO =
  'Nothing to undo: no file was written in this conversation (or every write is undone already). Commands run with run_command cannot be undone.';

/** The write that undo would take back: the one named, or the last one not undone yet. */
export function undoableWrite(records: VersionRecord[], seq?: number): VersionRecord | null {
  const undone = undoneWrites(records);
  if (seq !== undefined) {
    const record = records.find((candidate) => candidate.seq === seq);
    return record && record.kind === 'write' && !undone.has(record.seq) ? record : null;
  }
  return records.findLast((record) => record.kind === 'write' && !undone.has(record.seq)) ?? null;
}

/** What undoing would do: the diff from the file as it is now to the content before the write. */
export async function previewUndo(target: UndoTarget): Promise<UndoPreview> {
  const record = undoableWrite(await target.store.records(target.conversationId), target.seq);
  if (!record) return { type: 'nothing', message: NOTHING_TO_UNDO };
  const elsewhere = otherWorkspace(record, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  const plan = await planRestore(target, record.path, record.before, record.after);
  return { type: 'ready', seq: record.seq, path: record.path, diff: plan.diff, changedSince: plan.changedSince, lost: plan.lost };
}

/**
 * Puts back the content a write replaced. When the file changed since the write (by hand or by
 * another program) nothing happens without `confirmed`; with it, the current content is kept as a
 * version first, so the user's edit is never lost.
 */
export async function undoWrite(target: UndoTarget & { confirmed: boolean }): Promise<UndoResult> {
  const record = undoableWrite(await target.store.records(target.conversationId), target.seq);
  if (!record) return { type: 'nothing', message: NOTHING_TO_UNDO };
  const elsewhere = otherWorkspace(record, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  const plan = await planRestore(target, record.path, record.before, record.after);
  const preview: UndoPreview = {
    type: 'ready',
    seq: record.seq,
    path: record.path,
    diff: plan.diff,
    changedSince: plan.changedSince,
    lost: plan.lost,
  };
  if (plan.lost) {
    return {
      type: 'nothing',
      message: `${record.path}: the content before this write was not kept (too large, or dropped to stay within the version budget), so it cannot be undone.`,
    };
  }
  if (plan.changedSince && !target.confirmed) {
    return {
      type: 'needs-confirmation',
      preview,
      message: `${record.path} changed since this write. Undoing puts back the content before the write; the current content is kept as a version. Confirm to undo (/undo confirm).`,
    };
  }
  const written = await applyContent(target, record.path, plan.current, plan.restored, { kind: 'undo', undoes: record.seq });
  return { type: 'undone', path: record.path, record: written, message: `Undid the write to ${record.path} (${describe(plan.restored)}).` };
}

/** Puts back one kept content of a file (the Documents panel's Restore); the current content is kept as a version. */
export async function restoreVersion(target: UndoTarget & { seq: number; side: 'before' | 'after' }): Promise<UndoResult> {
  const record = (await target.store.records(target.conversationId)).find((candidate) => candidate.seq === target.seq);
  if (!record) return { type: 'nothing', message: `There is no version ${target.seq} in this conversation.` };
  const elsewhere = otherWorkspace(record, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  const plan = await planRestore(target, record.path, target.side === 'before' ? record.before : record.after, null);
  if (plan.lost)
    return {
      type: 'nothing',
      message: `${record.path}: that version was not kept (too large, or dropped to stay within the version budget).`,
    };
  const written = await applyContent(target, record.path, plan.current, plan.restored, { kind: 'restore' });
  return { type: 'undone', path: record.path, record: written, message: `Restored ${record.path} (${describe(plan.restored)}).` };
}

interface RestorePlan {
  current: Buffer | null;
  restored: Buffer | null;
  diff: string;
  changedSince: boolean;
  lost: boolean;
}

export async function planRestore(
  target: UndoTarget,
  path: string,
  wanted: ContentRef | null,
  expected: ContentRef | null,
): Promise<RestorePlan> {
  const current = await readCurrent(target.workspace, path);
  const kept = await target.store.content(target.conversationId, wanted);
  const restored = kept === 'missing' ? null : kept;
  const changedSince =
    expected === null ? current !== null : current === null || expected.hash === null || sha256(current) !== expected.hash;
  return { current, restored, diff: diffOf(path, current, restored), changedSince, lost: kept === 'missing' };
}

export async function applyContent(
  target: UndoTarget,
  path: string,
  current: Buffer | null,
  restored: Buffer | null,
  how: { kind: 'undo' | 'restore'; undoes?: number; redoes?: number },
): Promise<VersionRecord> {
  const record = await target.store.recordChange({
    conversationId: target.conversationId,
    kind: how.kind,
    path,
    workspace: target.workspace,
    tool: null,
    callId: null,
    runId: null,
    before: current,
    after: restored,
    ...(how.undoes !== undefined ? { undoes: how.undoes } : {}),
    ...(how.redoes !== undefined ? { redoes: how.redoes } : {}),
  });
  if (restored === null) {
    const resolved = await resolveWorkspacePath(target.workspace, path);
    if (resolved.exists) await unlink(resolved.absolute);
  } else {
    await writeWorkspaceFile(target.workspace, path, restored);
  }
  return record;
}

/** The file's bytes now; null when it does not exist. */
export async function readCurrent(workspace: string | null, path: string): Promise<Buffer | null> {
  const resolved = await resolveWorkspacePath(workspace, path);
  if (!resolved.exists) return null;
  const { handle } = await openVerifiedForRead(resolved);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A unified diff between two contents of one file (binary contents are described, not diffed). */
export function diffOf(path: string, from: Buffer | null, to: Buffer | null): string {
  if (isBinary(from) || isBinary(to)) return `${path}: binary content (${describe(from)} → ${describe(to)}); no diff shown.`;
  const raw = createTwoFilesPatch(
    from === null ? '/dev/null' : path,
    to === null ? '/dev/null' : path,
    from?.toString('utf8') ?? '',
    to?.toString('utf8') ?? '',
  );
  const patch = raw.replace(/^={3,}\n/, '');
  const limit = DEFAULTS.documents.diffMaxChars;
  return patch.length > limit ? `${patch.slice(0, limit)}\n… diff cut at ${limit} characters …` : patch;
}

function isBinary(data: Buffer | null): boolean {
  return data !== null && data.subarray(0, 8000).includes(0);
}

export function describe(data: Buffer | null): string {
  return data === null ? 'no file' : `${data.length} bytes`;
}

/** A record made in another workspace folder names a different file: never touch this workspace's namesake. */
export function otherWorkspace(record: VersionRecord, workspace: string | null): string | null {
  if (record.workspace === null || record.workspace === workspace) return null;
  return `${record.path} was written in the workspace ${record.workspace}, not the current one (${workspace ?? 'none'}). Switch back to that workspace to undo it.`;
}
