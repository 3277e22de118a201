import { EyeIcon } from '../Icons';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';

/**
 * "What the model sees": the system message TACO sends for the open conversation and the tools a
 * tools-capable request carries, as main built them. Plain text only: tool descriptions may come
 * from MCP servers and are never rendered as markup.
 */
export function SystemViewDialog() {
  const systemView = useTaco((state) => state.systemView);
  const close = useTaco((state) => state.closeSystemView);
  if (!systemView) return null;
  const { view } = systemView;
  const toolNames = view.native.tools.map((tool) => (tool as { function?: { name?: string } }).function?.name ?? '?');
  return (
    <Dialog title="What the model sees" testId="system-view" onClose={close} size="wide">
      <p className="field-hint">
        The system message of this conversation's next request, before any tool has run (the tool stack adds its context then). Past the
        tool budget a request carries only the most relevant tools.
      </p>
      <h3 className="section-title">System message</h3>
      <pre className="system-view-text" data-testid="system-view-system">
        {view.native.system}
      </pre>
      <h3 className="section-title">Tools sent with it ({toolNames.length})</h3>
      <p data-testid="system-view-tools">{toolNames.join(', ') || 'none'}</p>
      <details>
        <summary>For a model without tool calling</summary>
        <pre className="system-view-text" data-testid="system-view-prompt-mode">
          {view.prompt.system}
        </pre>
      </details>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Opens the view for the active conversation (disabled before one is open): an icon button in the
 * sidebar's footer, named for screen readers and on hover, so it fits at every width.
 */
export function SystemViewButton() {
  const active = useTaco((state) => state.activeConversationId);
  const open = useTaco((state) => state.openSystemView);
  const label = 'What the model sees';
  return (
    <button
      type="button"
      className="icon-button system-view-button"
      data-testid="system-view-button"
      disabled={active === null}
      aria-label={label}
      title={active === null ? `${label}: open a conversation first` : `${label}: the system message and tools TACO sends`}
      onClick={() => {
        if (active) void open(active);
      }}
    >
      <EyeIcon />
    </button>
  );
}
