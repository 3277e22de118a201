import { DEFAULTS } from '../../../../shared/constants';
import {
  undoneWrites,
  type ContentRef,
  type UndoPreview,
  type UndoResult,
  type VersionRecord,
} from '../../../../shared/documents/documents';
import { boundedDiff, sizeSummary } from '../../../../tools/files/bounded-diff';
import { openVerifiedForRead, removeVerified } from '../../../../tools/files/guards/open-verified';
import { resolveWorkspacePath } from '../../../../tools/files/guards/workspace-path';
import { writeWorkspaceFile } from '../../../../tools/files/write_file';
import { sha256 } from '../versions/content-blobs';
import type { VersionStore } from '../versions/version-store';

export interface UndoTarget {
  store: VersionStore;
  conversationId: string;
  workspace: string | null;
  /** The write to undo; absent: the last write of the conversation not undone yet. */
  seq?: number;
  /**
   * The runs on the branch the conversation shows (branch-tree.ts `chosenRunIds`). A plain undo
   * takes back only their writes, and an undo says so when another branch's run wrote the file
   * since. Absent: every run counts (a conversation without branches).
   */
  branchRuns?: ReadonlySet<string>;
}

export const NOTHING_TO_UNDO =
  'Nothing to undo: no file was written in this conversation (or every write is undone already). Commands run with run_command cannot be undone.';

export const NOTHING_TO_UNDO_ON_BRANCH =
  'Nothing to undo on this branch: the writes not undone yet were made on another branch of this conversation. Switch to that branch (‹ › under the message) to undo them.';

/** The write that undo would take back: the one named, or the last one of the branch not undone yet. */
export function undoableWrite(records: VersionRecord[], seq?: number, branchRuns?: ReadonlySet<string>): VersionRecord | null {
  const undone = undoneWrites(records);
  if (seq !== undefined) {
    const record = records.find((candidate) => candidate.seq === seq);
    return record && record.kind === 'write' && !undone.has(record.seq) ? record : null;
  }
  return records.findLast((record) => record.kind === 'write' && !undone.has(record.seq) && onBranch(record, branchRuns)) ?? null;
}

function onBranch(record: VersionRecord, branchRuns: ReadonlySet<string> | undefined): boolean {
  // A write no run made (none today; older records) is not any one branch's.
  return branchRuns === undefined || record.runId === null || branchRuns.has(record.runId);
}

/** Why a plain undo found nothing: nothing at all, or only other branches' writes. */
function nothingMessage(records: VersionRecord[], target: UndoTarget): string {
  if (target.seq === undefined && target.branchRuns && undoableWrite(records) !== null) return NOTHING_TO_UNDO_ON_BRANCH;
  return NOTHING_TO_UNDO;
}

/**
 * A later write to the same file by a run of another branch: undoing here would replace what
 * that branch wrote, so the answer says so and waits for a confirmation.
 */
function laterWriteElsewhere(records: VersionRecord[], record: VersionRecord, branchRuns?: ReadonlySet<string>): VersionRecord | null {
  if (branchRuns === undefined) return null;
  const undone = undoneWrites(records);
  return (
    records.findLast(
      (other) =>
        other.seq > record.seq &&
        other.kind === 'write' &&
        other.path === record.path &&
        !undone.has(other.seq) &&
        !onBranch(other, branchRuns),
    ) ?? null
  );
}

/** What undoing would do: the diff from the file as it is now to the content before the write. */
export async function previewUndo(target: UndoTarget): Promise<UndoPreview> {
  const records = await target.store.records(target.conversationId);
  const record = undoableWrite(records, target.seq, target.branchRuns);
  if (!record) return { type: 'nothing', message: nothingMessage(records, target) };
  const elsewhere = otherWorkspace(record, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  return previewOf(record, await planRestore(target, record.path, record.before, record.after));
}

/**
 * Puts back the content a write replaced. When the file changed since the write (by hand or by
 * another program) nothing happens without `confirmed`; with it, the current content is kept as a
 * version first, so the user's edit is never lost. No diff is computed unless one is shown (the
 * answer asking for confirmation carries it).
 */
export async function undoWrite(target: UndoTarget & { confirmed: boolean }): Promise<UndoResult> {
  const records = await target.store.records(target.conversationId);
  const record = undoableWrite(records, target.seq, target.branchRuns);
  if (!record) return { type: 'nothing', message: nothingMessage(records, target) };
  const elsewhere = otherWorkspace(record, target.workspace);
  if (elsewhere) return { type: 'nothing', message: elsewhere };
  const plan = await planRestore(target, record.path, record.before, record.after);
  if (plan.lost) {
    return {
      type: 'nothing',
      message: `${record.path}: the content before this write was not kept (too large, or dropped to stay within the version budget), so it cannot be undone.`,
    };
  }
  const tooLarge = currentTooLarge(record.path, plan.current);
  if (tooLarge) return { type: 'nothing', message: tooLarge };
  if (plan.changedSince && !target.confirmed) {
    const elsewhere = laterWriteElsewhere(records, record, target.branchRuns);
    const why = elsewhere
      ? `${record.path} was written since by another branch of this conversation (its ${elsewhere.tool ?? 'write'}).`
      : `${record.path} changed since this write.`;
    return {
      type: 'needs-confirmation',
      preview: previewOf(record, plan),
      message: `${why} Undoing puts back the content before the write; the current content is kept as a version. Confirm to undo (/undo confirm).`,
    };
  }
  const written = await applyContent(target, record.path, plan, { kind: 'undo', undoes: record.seq });
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
  const tooLarge = currentTooLarge(record.path, plan.current);
  if (tooLarge) return { type: 'nothing', message: tooLarge };
  const written = await applyContent(target, record.path, plan, { kind: 'restore' });
  return { type: 'undone', path: record.path, record: written, message: `Restored ${record.path} (${describe(plan.restored)}).` };
}

/** The file as it is now: no file, its bytes, or only its size when it is larger than a version may keep. */
export type CurrentContent = Buffer | null | { tooLarge: number };

export interface RestorePlan {
  current: CurrentContent;
  restored: Buffer | null;
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
  return { current, restored, changedSince: differsFrom(current, expected), lost: kept === 'missing' };
}

function differsFrom(current: CurrentContent, expected: ContentRef | null): boolean {
  if (expected === null) return current !== null;
  if (current === null || expected.hash === null || !Buffer.isBuffer(current)) return true;
  return current.length !== expected.size || sha256(current) !== expected.hash;
}

function previewOf(record: VersionRecord, plan: RestorePlan): UndoPreview {
  return {
    type: 'ready',
    seq: record.seq,
    path: record.path,
    diff: diffFromCurrent(record.path, plan.current, plan.restored),
    changedSince: plan.changedSince,
    lost: plan.lost,
  };
}

export function diffFromCurrent(path: string, current: CurrentContent, restored: Buffer | null): string {
  if (current !== null && !Buffer.isBuffer(current)) return sizeSummary(path, current.tooLarge, restored?.length ?? null);
  return boundedDiff(path, current, restored);
}

/** The current content could not be kept as a version: undoing would lose it, so it is refused. */
export function currentTooLarge(path: string, current: CurrentContent): string | null {
  if (current === null || Buffer.isBuffer(current)) return null;
  return `${path} is now ${current.tooLarge} bytes, more than the ${DEFAULTS.documents.maxVersionFileBytes} bytes a version can keep: putting back the older content would lose it, so nothing was changed. Copy or move the file first if you still want the older content back.`;
}

/**
 * Records the change and puts `plan.restored` in place, through the file it checked (verified
 * handles, open-verified.ts): the file must still hold what was planned from — another program
 * writing it meanwhile stops the change before anything is recorded or lost.
 */
export async function applyContent(
  target: UndoTarget,
  path: string,
  plan: RestorePlan,
  how: { kind: 'undo' | 'restore'; undoes?: number; redoes?: number },
): Promise<VersionRecord> {
  const done: { record?: VersionRecord } = {};
  const keep = async (now: Buffer | { notKept: number } | null): Promise<void> => {
    if (!sameContent(now, plan.current)) {
      throw new Error(`${path} changed while it was being put back, so it was left as it is. Try again.`);
    }
    done.record = await target.store.recordChange({
      conversationId: target.conversationId,
      kind: how.kind,
      path,
      workspace: target.workspace,
      tool: null,
      callId: null,
      runId: null,
      before: now,
      after: plan.restored,
      ...(how.undoes !== undefined ? { undoes: how.undoes } : {}),
      ...(how.redoes !== undefined ? { redoes: how.redoes } : {}),
    });
  };
  if (plan.restored !== null) {
    await writeWorkspaceFile(target.workspace, path, plan.restored, { beforeWrite: (_target, now) => keep(now) });
  } else {
    const resolved = await resolveWorkspacePath(target.workspace, path);
    if (resolved.exists) await removeVerified(resolved, DEFAULTS.documents.maxVersionFileBytes, keep);
    else await keep(null);
  }
  if (!done.record) throw new Error(`${path} could not be put back.`);
  return done.record;
}

function sameContent(now: Buffer | { notKept: number } | null, planned: CurrentContent): boolean {
  if (now === null || planned === null) return now === planned;
  return Buffer.isBuffer(now) && Buffer.isBuffer(planned) && now.equals(planned);
}

/** The file's bytes now (null when it does not exist), read through a verified handle; only its size past the version cap. */
export async function readCurrent(workspace: string | null, path: string): Promise<CurrentContent> {
  const resolved = await resolveWorkspacePath(workspace, path);
  if (!resolved.exists) return null;
  const { handle, info } = await openVerifiedForRead(resolved);
  try {
    if (info.size > DEFAULTS.documents.maxVersionFileBytes) return { tooLarge: info.size };
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function describe(data: Buffer | null): string {
  return data === null ? 'no file' : `${data.length} bytes`;
}

/** A record made in another workspace folder names a different file: never touch this workspace's namesake. */
export function otherWorkspace(record: VersionRecord, workspace: string | null): string | null {
  if (record.workspace === null || record.workspace === workspace) return null;
  return `${record.path} was written in the workspace ${record.workspace}, not the current one (${workspace ?? 'none'}). Switch back to that workspace to undo it.`;
}
