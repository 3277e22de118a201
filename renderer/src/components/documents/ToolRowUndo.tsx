import { useEffect, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { FOCUS_KEY } from '../ui/use-opener-focus';
import { UndoDialog } from './UndoDialog';

interface Props {
  tool: string;
  info: ToolInfo | null;
  callId: string;
  /** Only a finished call has something to undo. */
  done: boolean;
}

/** Commands that change which writes are undone; their notes in the timeline make the row ask main again. */
const CHANGING_COMMANDS: readonly string[] = ['undo', 'redo', 'restore'];

/**
 * On a tool row: "Undo" for a versioned write (with a diff to confirm), "Undone · Redo" once it is
 * undone (main's documents.list says which writes are), and, once a command has run, a note that commands cannot be
 * undone.
 */
export function ToolRowUndo({ tool, info, callId, done }: Props) {
  const conversationId = useTaco((state) => state.activeConversationId);
  const versioned = done && conversationId !== null && DEFAULTS.documents.versionedTools.includes(tool);
  const undone = useUndone(versioned ? conversationId : null, callId);
  const [open, setOpen] = useState(false);
  // Only a command that ran: a denied, cancelled or failed one changed nothing that could be undone.
  if (info?.risk === 'shell' && done) {
    return (
      <span className="tool-row-note" data-testid="tool-row-no-undo">
        Commands cannot be undone.
      </span>
    );
  }
  if (!versioned || conversationId === null) return null;
  // The dialog outlives the Undo button: it says what the undo did after the row says "Undone".
  return (
    <>
      {undone ? (
        <RedoControl conversationId={conversationId} callId={callId} />
      ) : (
        <button
          type="button"
          className="button tool-row-undo"
          data-testid="tool-row-undo"
          {...{ [FOCUS_KEY]: undoFocusKey(callId) }}
          onClick={() => setOpen(true)}
        >
          Undo
        </button>
      )}
      {open && <UndoDialog conversationId={conversationId} callId={callId} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Undo and Redo of one call take each other's place: one focus key for both. */
function undoFocusKey(callId: string): string {
  return `undo-${callId}`;
}

/** Whether this call's write is undone now; asks main once per conversation, and again after an undo, redo or restore. */
function useUndone(conversationId: string | null, callId: string): boolean {
  const undoneCalls = useTaco((state) => state.undoneCalls);
  const refresh = useTaco((state) => state.refreshUndoneCalls);
  const changes = useTaco((state) =>
    conversationId === null
      ? 0
      : selectActiveView(state).items.filter((item) => item.type === 'system-note' && CHANGING_COMMANDS.includes(item.command)).length,
  );
  const known = undoneCalls?.conversationId === conversationId;
  useEffect(() => {
    if (conversationId !== null) void refresh(conversationId);
  }, [conversationId, changes, refresh]);
  return known && (undoneCalls?.callIds.includes(callId) ?? false);
}

/** "Undone · Redo": puts back what the write wrote; a file changed since the undo asks first. */
function RedoControl({ conversationId, callId }: { conversationId: string; callId: string }) {
  const redoWrite = useTaco((state) => state.redoWrite);
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const redo = async (confirmed: boolean) => {
    setBusy(true);
    const result = await redoWrite(conversationId, callId, confirmed);
    setBusy(false);
    if (result?.type === 'needs-confirmation') setAsk(result.message);
    else if (result?.type === 'nothing') setMessage(result.message);
    else setAsk(null);
  };
  return (
    <>
      <span className="tool-row-undone" data-testid="tool-row-undone">
        Undone ·{' '}
        <button
          type="button"
          className="link-button"
          data-testid="tool-row-redo"
          // Undo's dialog closes after the row says "Undone": focus comes here, where Undo was.
          {...{ [FOCUS_KEY]: undoFocusKey(callId) }}
          disabled={busy}
          onClick={() => void redo(false)}
        >
          Redo
        </button>
      </span>
      {message !== null && (
        <span className="tool-row-redo-ask" role="status" data-testid="tool-row-redo-message">
          {message}
        </span>
      )}
      {ask !== null && (
        <span className="tool-row-redo-ask" role="group" aria-label="Redo this write?" data-testid="tool-row-redo-ask">
          {ask}
          <button type="button" className="button" data-testid="tool-row-redo-confirm" disabled={busy} onClick={() => void redo(true)}>
            Redo anyway
          </button>
          <button type="button" className="button" onClick={() => setAsk(null)}>
            Keep the file
          </button>
        </span>
      )}
    </>
  );
}
