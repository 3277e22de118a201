import { useId, useState } from 'react';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import type { McpActionResult } from '../../store/slices/mcp-slice';
import { useTaco } from '../../store/store-context';
import { formFromServer } from './mcp-server-form';
import { APPROVAL_WORDS, toolCountWords, transportWords } from './mcp-words';
import { McpServerFormView } from './McpServerFormView';
import { McpAlwaysAllowed } from './McpAlwaysAllowed';
import { McpSignIn } from './McpSignIn';
import { McpStatusPill } from './McpStatusPill';
import { McpToolList } from './McpToolList';
import { Switch } from '../ui/Switch';
import { useSettingsSession } from '../settings/settings-session';

/** One server: status, tools, transport; switch, restart, edit, remove; why it failed, in its own words. */
export function McpServerRow({ server }: { server: McpServerView }) {
  const setEnabled = useTaco((state) => state.setMcpServerEnabled);
  const restart = useTaco((state) => state.restartMcpServer);
  const remove = useTaco((state) => state.removeMcpServer);
  // In Settings a removal waits for Save (it deletes the server's settings and sign-in); Cancel keeps it.
  const visit = useSettingsSession();
  const markedForRemoval = visit?.pendingRemovals.has(server.name) === true;
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view');
  const [toolsOpen, setToolsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toolsId = useId();

  // Controls stay enabled while a call is in flight (aria-disabled, ignored clicks): disabling the
  // focused control would drop the focus out of the dialog, and Esc with it.
  const run = async (action: () => Promise<McpActionResult>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await action();
    setBusy(false);
    if (!result.ok) setError(result.message);
  };

  return (
    <li className="mcp-server" data-testid="mcp-server" data-server={server.name} data-status={server.status} aria-label={server.name}>
      <div className="mcp-server-head">
        <span className="mcp-server-name">{server.name}</span>
        <McpStatusPill status={server.status} />
        <span className="muted small" data-testid="mcp-tool-count">
          {toolCountWords(server)}
        </span>
        <Switch
          className="mcp-switch"
          testId="mcp-server-enabled"
          ariaLabel={`Run ${server.name}`}
          checked={server.enabled}
          busy={busy}
          onChange={(enabled) => void run(() => setEnabled(server.name, enabled))}
        >
          <span aria-hidden="true">{server.enabled ? 'On' : 'Off'}</span>
        </Switch>
      </div>
      <div className="mcp-server-transport muted small plain-text" data-testid="mcp-transport">
        {transportWords(server)} · {APPROVAL_WORDS[server.approval]}
      </div>
      <McpSignIn server={server} />
      <McpAlwaysAllowed server={server.name} />
      {server.sandboxNotice && (
        <p
          className={server.sandboxNotice.sandboxed ? 'mcp-sandbox-notice muted small' : 'mcp-sandbox-notice card-warning'}
          data-testid="mcp-sandbox-notice"
        >
          {server.sandboxNotice.sandboxed ? `Sandbox: ${server.sandboxNotice.text}` : server.sandboxNotice.text}
        </p>
      )}
      {server.status === 'failed' && <FailureDetails server={server} />}
      {error && (
        <p className="field-error" role="alert" data-testid="mcp-server-error-action">
          {error}
        </p>
      )}
      {markedForRemoval ? (
        <div className="mcp-confirm" role="group" aria-label={`${server.name} will be removed`}>
          <span data-testid="mcp-remove-pending">Removed when you press Save (its settings and sign-in are deleted).</span>
          <button
            type="button"
            className="button"
            data-testid="mcp-remove-undo"
            onClick={() => {
              visit?.keep(server.name);
              setMode('view');
            }}
          >
            Keep it
          </button>
        </div>
      ) : mode === 'confirm-remove' ? (
        <div className="mcp-confirm" role="group" aria-label={`Remove ${server.name}?`}>
          <span>Remove {server.name}? Its settings are deleted and its process stops.</span>
          <button
            type="button"
            className="button danger"
            data-testid="mcp-remove-confirm"
            aria-disabled={busy}
            onClick={() => (visit ? visit.stageRemoval(server.name) : void run(() => remove(server.name)))}
          >
            Remove
          </button>
          <button type="button" className="button" onClick={() => setMode('view')}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="mcp-server-actions">
          <button
            type="button"
            className="button ghost"
            aria-expanded={toolsOpen}
            aria-controls={toolsId}
            data-testid="mcp-tools-toggle"
            onClick={() => setToolsOpen(!toolsOpen)}
          >
            {toolsOpen ? 'Hide tools' : 'Show tools'}
          </button>
          <button
            type="button"
            className="button"
            data-testid="mcp-restart"
            aria-disabled={busy}
            disabled={!server.enabled}
            onClick={() => void run(() => restart(server.name))}
          >
            Restart
          </button>
          <button type="button" className="button" data-testid="mcp-edit" onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}>
            Edit
          </button>
          <button type="button" className="button ghost" data-testid="mcp-remove" onClick={() => setMode('confirm-remove')}>
            Remove
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <McpServerFormView initial={formFromServer(server)} editing={{ enabled: server.enabled }} onDone={() => setMode('view')} />
      )}
      {toolsOpen && (
        <div id={toolsId}>
          <McpToolList server={server} />
        </div>
      )}
    </li>
  );
}

/** Main's explanation and the server's last stderr lines, as plain text (the server's output is untrusted). */
function FailureDetails({ server }: { server: McpServerView }) {
  return (
    <div className="mcp-failure" data-testid="mcp-failure">
      {server.error && (
        <p className="field-error plain-text" data-testid="mcp-error">
          {server.error}
        </p>
      )}
      {server.stderrTail.length > 0 && (
        <>
          <div className="detail-label">What the server printed last</div>
          <pre className="plain-text mcp-stderr" data-testid="mcp-stderr">
            {server.stderrTail.join('\n')}
          </pre>
        </>
      )}
    </div>
  );
}
