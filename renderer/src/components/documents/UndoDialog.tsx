import { useEffect, useState } from 'react';
import type { UndoPreview } from '../../../../shared/documents/documents';
import { useTaco } from '../../store/store-context';
import { DiffView } from '../diff/DiffView';
import { AlertDialog } from '../ui/AlertDialog';

interface Props {
  conversationId: string;
  callId: string;
  onClose(): void;
}

/**
 * Undo of one write: main's diff from the file as it is now to the content before the write, then
 * the user's confirmation. A confirmation in a portal (never inside the transformed message list),
 * Esc or "Keep the file" leaves the file as it is, and the result shows in the same dialog.
 */
export function UndoDialog({ conversationId, callId, onClose }: Props) {
  const previewUndo = useTaco((state) => state.previewUndo);
  const undoWrite = useTaco((state) => state.undoWrite);
  const [preview, setPreview] = useState<UndoPreview | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void previewUndo(conversationId, callId).then((answer) => {
      if (live) setPreview(answer);
    });
    return () => {
      live = false;
    };
  }, [previewUndo, conversationId, callId]);

  const confirm = async (changedSince: boolean) => {
    setBusy(true);
    const result = await undoWrite(conversationId, callId, changedSince);
    setBusy(false);
    if (result) setOutcome(result.message);
  };

  const ready = preview?.type === 'ready' && outcome === null ? preview : null;
  const description =
    outcome !== null ? (
      <p data-testid="undo-message">{outcome}</p>
    ) : preview === null ? (
      <p>Reading the file…</p>
    ) : preview.type === 'nothing' ? (
      <p data-testid="undo-message">{preview.message}</p>
    ) : (
      <p>
        Undoing puts back <code>{preview.path}</code> as it was before this write. These are the changes:
      </p>
    );

  return (
    <AlertDialog
      title="Undo this write"
      testId="undo-dialog"
      size="wide"
      description={description}
      confirmLabel={ready ? 'Undo' : undefined}
      confirmTestId="undo-confirm"
      cancelLabel={ready ? 'Keep the file' : 'Close'}
      busy={busy || ready?.lost === true}
      onConfirm={() => ready && void confirm(ready.changedSince)}
      onCancel={onClose}
    >
      {ready?.changedSince && (
        <p className="notice-warning" data-testid="undo-changed-since">
          The file changed since this write (by hand or another program). Its current content is kept as a version, so nothing is lost.
        </p>
      )}
      {ready && <DiffView diff={ready.diff} />}
    </AlertDialog>
  );
}
