import { useEffect, useState } from 'react';
import type { UndoPreview } from '../../../../shared/documents';
import { useTaco } from '../../store/store-context';
import { DiffView } from '../diff/DiffView';
import { Dialog } from '../Dialog';

interface Props {
  conversationId: string;
  callId: string;
  onClose(): void;
}

/** Undo of one write: main's diff from the file as it is now to the content before the write, then the user's confirmation. */
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

  return (
    <Dialog title="Undo this write" testId="undo-dialog" onClose={onClose} wide>
      {preview === null && <p>Reading the file…</p>}
      {preview?.type === 'nothing' && <p data-testid="undo-message">{preview.message}</p>}
      {preview?.type === 'ready' && outcome === null && (
        <>
          <p>
            Undoing puts back <code>{preview.path}</code> as it was before this write. These are the changes:
          </p>
          {preview.changedSince && (
            <p className="notice-warning" data-testid="undo-changed-since">
              The file changed since this write (by hand or another program). Its current content is kept as a version, so nothing is lost.
            </p>
          )}
          <DiffView diff={preview.diff} />
          <div className="card-actions">
            <button
              type="button"
              className="button primary"
              data-testid="undo-confirm"
              disabled={busy || preview.lost}
              onClick={() => void confirm(preview.changedSince)}
            >
              Undo
            </button>
            <button type="button" className="button" onClick={onClose}>
              Keep the file
            </button>
          </div>
        </>
      )}
      {outcome !== null && <p data-testid="undo-message">{outcome}</p>}
    </Dialog>
  );
}
