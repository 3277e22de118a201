import { memo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { useTaco } from '../../store/store-context';
import { Menu, MenuItem } from '../ui/Menu';
import { MoveToProjectMenu } from '../projects/MoveToProjectMenu';
import { conversationDragProps } from '../projects/use-conversation-drop';
import { downloadTextFile } from './download-text-file';
import { openPrintView } from './print-view';
import { inBrowserPage } from '../../store/slices/links-slice';
import type { ExportFormat } from '../../store/slices/conversation-management-slice';
import { MoreIcon, PinIcon } from '../Icons';
import { RenameField } from './RenameField';
import { ConversationModelLabel } from '../models/ConversationModelLabel';

const UNFINISHED_WORDS: Record<NonNullable<ConversationSummary['unfinished']>, string> = {
  interrupted: 'Interrupted',
  approval: 'Waiting for approval',
  question: 'Waiting for your answer',
};

interface Props {
  summary: ConversationSummary;
  active: boolean;
  /** The row that holds the list's one Tab stop. */
  tabbable: boolean;
  onFocusRow(conversationId: string): void;
  /** Called before the row goes away, so focus can move to a neighbour. */
  onBeforeDelete(conversationId: string): void;
}

/**
 * One conversation in the sidebar: opens on click; F2 renames in place, Delete deletes (with
 * undo), the "⋯" button, the context-menu key or a right click open the menu of actions. Drawn
 * inside the list's slot (ConversationList.tsx); memoized, as the list draws again as it scrolls.
 */
export const ConversationRow = memo(function ConversationRow({ summary, active, tabbable, onFocusRow, onBeforeDelete }: Props) {
  const { conversationId, pinned, model } = summary;
  const title = summary.title.trim() || 'Untitled';
  const openConversation = useTaco((state) => state.openConversation);
  const rename = useTaco((state) => state.renameConversation);
  const setPinned = useTaco((state) => state.setPinned);
  const deleteConversation = useTaco((state) => state.deleteConversation);
  const exportConversation = useTaco((state) => state.exportConversation);
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const mainButton = useRef<HTMLButtonElement>(null);

  const remove = () => {
    onBeforeDelete(conversationId);
    deleteConversation(conversationId);
  };

  const notify = useTaco((state) => state.notify);
  const download = async (format: ExportFormat) => {
    const file = await exportConversation(conversationId, format);
    if (file) downloadTextFile(file);
  };
  // A PDF: the desktop app prints it in main; a browser opens the print view and its print dialog.
  const printPdf = () => {
    if (!openPrintView(conversationId)) notify('The print view did not open: allow pop-ups for this TACO page, then try again.');
  };

  const actions: { id: string; label: string; danger?: boolean; run(): void }[] = [
    { id: 'rename', label: 'Rename', run: () => setRenaming(true) },
    { id: 'pin', label: pinned ? 'Unpin' : 'Pin to top', run: () => void setPinned(conversationId, !pinned) },
    { id: 'export-markdown', label: 'Export as Markdown', run: () => void download('markdown') },
    { id: 'export-json', label: 'Export as JSON', run: () => void download('json') },
    { id: 'export-html', label: 'Export as HTML', run: () => void download('html') },
    inBrowserPage()
      ? { id: 'export-pdf', label: 'Print / Save as PDF', run: printPdf }
      : { id: 'export-pdf', label: 'Export as PDF', run: () => void download('pdf') },
    { id: 'delete', label: 'Delete', danger: true, run: remove },
  ];

  const finishRename = (next: string | null) => {
    setRenaming(false);
    if (next !== null) void rename(conversationId, next);
    requestAnimationFrame(() => mainButton.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(true);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      remove();
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(true);
  };

  return (
    <div
      className={`conversation-row${active ? ' active' : ''}${pinned ? ' pinned' : ''}`}
      data-testid="conversation-row"
      data-conversation-id={conversationId}
      data-pinned={pinned}
      {...conversationDragProps(conversationId)}
    >
      {renaming ? (
        <RenameField title={title} onDone={finishRename} />
      ) : (
        <button
          ref={mainButton}
          type="button"
          className="conversation-item"
          data-testid="conversation-item"
          data-roving-item
          tabIndex={tabbable ? 0 : -1}
          aria-current={active ? 'page' : undefined}
          title={title}
          onClick={() => void openConversation(conversationId)}
          onFocus={() => onFocusRow(conversationId)}
          onKeyDown={onKeyDown}
          onContextMenu={onContextMenu}
        >
          <span className="conversation-title" data-testid="conversation-title">
            {pinned && (
              <span className="pin-mark" data-testid="pin-mark">
                <PinIcon label="Pinned" />
              </span>
            )}
            <span className="conversation-title-text">{title}</span>
          </span>
          <span className="conversation-meta muted">
            {model && <ConversationModelLabel model={model} />}
            {summary.unfinished && (
              <span className={`row-badge row-badge-${summary.unfinished}`} data-testid="unfinished-badge">
                {UNFINISHED_WORDS[summary.unfinished]}
              </span>
            )}
          </span>
        </button>
      )}
      {!renaming && (
        <Menu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          testId="conversation-menu"
          trigger={
            <button
              type="button"
              className="icon-button row-menu-button"
              data-testid="conversation-menu-button"
              aria-label={`Actions for “${title}”`}
              tabIndex={tabbable ? 0 : -1}
            >
              <MoreIcon />
            </button>
          }
        >
          {actions.map((action) => (
            <MenuItem key={action.id} testId={`menu-${action.id}`} tone={action.danger ? 'danger' : 'normal'} onSelect={action.run}>
              {action.label}
            </MenuItem>
          ))}
          <MoveToProjectMenu summary={summary} />
        </Menu>
      )}
    </div>
  );
});
