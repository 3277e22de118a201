import { useEffect, useState } from 'react';
import { useTaco } from '../../store/store-context';
import { Switch } from '../ui/Switch';

/**
 * Settings → Local API: TACO's OpenAI-compatible API for other apps (Continue, Cline, scripts),
 * off by default. Main generates the key and answers it once; only main checks it. Each change
 * applies at once; the dialog's Cancel undoes it (a replaced key stays replaced).
 */
export function LocalApiSection() {
  const status = useTaco((state) => state.localApi);
  const newKey = useTaco((state) => state.localApiNewKey);
  const load = useTaco((state) => state.loadLocalApi);
  const setLocalApi = useTaco((state) => state.setLocalApi);
  const rotate = useTaco((state) => state.rotateLocalApiKey);
  const forgetKey = useTaco((state) => state.forgetLocalApiKey);
  const [port, setPort] = useState('');

  useEffect(() => {
    void load();
    // The key is shown once: leaving the section forgets it.
    return () => forgetKey();
  }, [load, forgetKey]);
  useEffect(() => {
    if (status?.type === 'ready') setPort(String(status.port));
  }, [status]);

  const portNumber = /^\d+$/.test(port) ? Number(port) : NaN;
  const portValid = portNumber === 0 || (portNumber >= 1024 && portNumber <= 65_535);

  return (
    <section className="settings-section" data-testid="local-api-section" aria-labelledby="local-api-section-title">
      {/* Titled like every other Settings page. */}
      <h3 id="local-api-section-title" className="section-title">
        Local API
      </h3>
      <p className="field-hint">
        Other apps on this computer (Continue, Cline, scripts) can use every model TACO knows through one OpenAI-compatible address, on
        127.0.0.1 only, with a key.
      </p>
      {status === null && <p className="muted">Loading…</p>}
      {status?.type === 'unavailable' && (
        <div data-testid="local-api-unavailable">
          <p className="muted">{status.message}</p>
          <code className="local-api-command" data-testid="local-api-command">
            {status.command}
          </code>
        </div>
      )}
      {status?.type === 'ready' && (
        <>
          <Switch testId="local-api-enabled" checked={status.enabled} onChange={(enabled) => void setLocalApi({ enabled })}>
            <span className="field-label">Serve the local API</span>
          </Switch>
          <Switch
            testId="local-api-allow-approvals"
            checked={status.allowApprovals}
            onChange={(allowApprovals) => void setLocalApi({ allowApprovals })}
          >
            <span className="field-label">Answer approvals over the API</span>
          </Switch>
          <p className="field-hint">
            {status.allowApprovals
              ? 'Apps with the key can approve the tool calls of their runs (commands, file writes) without you.'
              : 'Off: runs started over the API wait for you to approve their tool calls here.'}
          </p>
          <label className="field">
            <span className="field-label">Port</span>
            <input
              data-testid="local-api-port"
              inputMode="numeric"
              value={port}
              aria-invalid={!portValid}
              onChange={(event) => setPort(event.target.value.trim())}
              onBlur={() => {
                if (portValid && portNumber !== status.port) void setLocalApi({ port: portNumber });
              }}
            />
            <span className="field-hint">
              {portValid ? '1024–65535, or 0 for any free port.' : 'Use 1024–65535, or 0 for any free port.'}
            </span>
          </label>
          <p data-testid="local-api-address">
            {status.url ? (
              <>
                Listening at <code>{status.url}</code>
              </>
            ) : (
              'Not listening.'
            )}
          </p>
          {status.problem && (
            <p className="field-error" role="alert" data-testid="local-api-problem">
              {status.problem}
            </p>
          )}
          {newKey && (
            <div className="notice" data-testid="local-api-new-key">
              <span className="notice-text">
                Your new key (shown only now; copy it into your app): <code>{newKey}</code>
              </span>
              <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(newKey)}>
                Copy
              </button>
            </div>
          )}
          <button type="button" className="button" data-testid="local-api-rotate" onClick={() => void rotate()}>
            {status.hasKey ? 'Replace the key' : 'Generate a key'}
          </button>
          {status.hasKey && !newKey && <p className="field-hint">A key is set. Replacing it stops the old one at once.</p>}
        </>
      )}
    </section>
  );
}
