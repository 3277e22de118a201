import { useState } from 'react';
import { useTaco } from '../../store/store-context';
import { DocumentsDialog } from './DocumentsDialog';
import { FileIcon } from '../Icons';

/** In the chat header of a saved conversation: opens the Documents panel (the files its tools wrote, their versions). */
export function DocumentsButton() {
  const conversationId = useTaco((state) => state.activeConversationId);
  const [open, setOpen] = useState(false);
  if (conversationId === null) return null;
  return (
    <>
      <button
        type="button"
        className="button ghost documents-button"
        data-testid="documents-button"
        title="The files written in this conversation, their versions, diff and restore"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {/* Icon-only when the header is narrow (conversations.css); the label stays its name. */}
        <span className="header-button-icon">
          <FileIcon />
        </span>
        <span className="header-button-label">Documents</span>
      </button>
      {open && <DocumentsDialog conversationId={conversationId} onClose={() => setOpen(false)} />}
    </>
  );
}
