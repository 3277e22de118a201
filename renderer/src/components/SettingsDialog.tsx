import { useState, type FormEvent } from 'react';
// Types only: shared/settings.ts carries zod schemas the renderer must not bundle.
import type { ApprovalPolicy, Risk, Settings, SettingsPatch } from '../../../shared/settings';
import { useTaco } from '../store/store-context';
import { Dialog } from './Dialog';

const RISK_WORDS: Record<Risk, string> = { read: 'Reading files', write: 'Writing files', shell: 'Running commands', network: 'Using the network' };
const RISKS = Object.keys(RISK_WORDS) as Risk[];

/** Only what changed, so main validates exactly what the user touched. */
function diffSettings(current: Settings, host: string, approvals: Settings['approvals'], theme: Settings['theme']): SettingsPatch {
  const patch: SettingsPatch = {};
  if (host.trim() !== current.ollamaHost) patch.ollamaHost = host.trim();
  if (RISKS.some((risk) => approvals[risk] !== current.approvals[risk])) patch.approvals = approvals;
  if (theme !== current.theme) patch.theme = theme;
  return patch;
}

/** The settings main validates: a refused value shows main's message and is not saved. */
export function SettingsDialog() {
  const settings = useTaco((state) => state.settings);
  const saveSettings = useTaco((state) => state.saveSettings);
  const setOpen = useTaco((state) => state.setSettingsOpen);
  const [host, setHost] = useState(settings?.ollamaHost ?? '');
  const [approvals, setApprovals] = useState<Settings['approvals'] | null>(settings?.approvals ?? null);
  const [theme, setTheme] = useState<Settings['theme']>(settings?.theme ?? 'system');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => setOpen(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings || !approvals) return;
    const patch = diffSettings(settings, host, approvals, theme);
    if (Object.keys(patch).length === 0) return close();
    setSaving(true);
    const result = await saveSettings(patch);
    setSaving(false);
    if (result.ok) close();
    else setError(result.message);
  };

  return (
    <Dialog title="Settings" testId="settings-dialog" onClose={close}>
      {!settings || !approvals ? (
        <p className="muted">Settings could not be loaded. Close this and try again.</p>
      ) : (
        <form className="settings-form" onSubmit={(event) => void submit(event)}>
          <label className="field">
            <span className="field-label">Ollama host</span>
            <input
              data-testid="settings-host-input"
              data-autofocus
              value={host}
              onChange={(event) => {
                setHost(event.target.value);
                setError(null);
              }}
              placeholder="http://127.0.0.1:11434"
              spellCheck={false}
              aria-invalid={error !== null}
              aria-describedby={error ? 'settings-error' : undefined}
            />
            <span className="field-hint">Where Ollama listens. The default is http://127.0.0.1:11434.</span>
          </label>
          <fieldset className="field">
            <legend className="field-label">Ask before</legend>
            {RISKS.map((risk) => (
              <label key={risk} className="field-row">
                <span>{RISK_WORDS[risk]}</span>
                <select
                  data-testid={`settings-approval-${risk}`}
                  value={approvals[risk]}
                  onChange={(event) => setApprovals({ ...approvals, [risk]: event.target.value as ApprovalPolicy })}
                >
                  <option value="ask">Ask me</option>
                  <option value="allow">Allow</option>
                </select>
              </label>
            ))}
          </fieldset>
          <label className="field field-row">
            <span className="field-label">Theme</span>
            <select data-testid="settings-theme" value={theme} onChange={(event) => setTheme(event.target.value as Settings['theme'])}>
              <option value="system">Same as the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          {error && (
            <p id="settings-error" className="field-error" role="alert" data-testid="settings-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button primary" data-testid="settings-save" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
