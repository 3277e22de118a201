import { useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { useTaco } from '../../store/store-context';
import { UndoDialog } from './UndoDialog';

interface Props {
  tool: string;
  info: ToolInfo | null;
  callId: string;
  /** Only a finished call has something to undo. */
  done: boolean;
}

/** On a tool row: "Undo" for a versioned write (with a diff to confirm); a note that commands cannot be undone. */
export function ToolRowUndo({ tool, info, callId, done }: Props) {
  const conversationId = useTaco((state) => state.activeConversationId);
  const [open, setOpen] = useState(false);
  if (info?.risk === 'shell') {
    return (
      <span className="tool-row-note" data-testid="tool-row-no-undo">
        Commands cannot be undone.
      </span>
    );
  }
  if (!done || conversationId === null || !DEFAULTS.documents.versionedTools.includes(tool)) return null;
  return (
    <>
      <button type="button" className="button tool-row-undo" data-testid="tool-row-undo" onClick={() => setOpen(true)}>
        Undo
      </button>
      {open && <UndoDialog conversationId={conversationId} callId={callId} onClose={() => setOpen(false)} />}
    </>
  );
}
