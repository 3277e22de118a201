import { useEffect, useId, useState, type FormEvent } from 'react';
import { MCP_SECRET_MASK } from '../../../../../shared/mcp/mcp';
import type { RegistryInstallPlan, RegistryInput, RegistryUpdate } from '../../../../../shared/mcp/mcp-registry';
import { useTaco } from '../../../store/store-context';
import { Dialog } from '../../ui/Dialog';
import { RegistryPlanView } from './RegistryPlanView';

/** What to install: a registry server's version, or an update of an installed one (its plan already built by main). */
export interface InstallTarget {
  server: string;
  version: string;
  update: RegistryUpdate | null;
}

type Phase =
  | { type: 'loading' }
  | { type: 'refused'; reason: string }
  | { type: 'ready'; plan: RegistryInstallPlan }
  | { type: 'installed'; name: string };

/** The install dialog: the exact command, arguments, environment names and version first; then the declared values; then Install. */
export function RegistryInstallDialog({ target, onClose }: { target: InstallTarget; onClose(): void }) {
  const planInstall = useTaco((state) => state.planRegistryInstall);
  const install = useTaco((state) => state.installFromRegistry);
  const installed = useTaco((state) => state.mcpServers?.find((server) => server.name === target.update?.localName) ?? null);
  const [phase, setPhase] = useState<Phase>(() =>
    target.update?.plan ? { type: 'ready', plan: target.update.plan } : { type: 'loading' },
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const updating = target.update !== null;

  useEffect(() => {
    if (target.update) return;
    let live = true;
    void planInstall(target.server, target.version).then((answer) => {
      if (!live) return;
      if (!answer.ok) setPhase({ type: 'refused', reason: answer.message });
      else if (answer.result.type === 'refused') setPhase({ type: 'refused', reason: answer.result.reason });
      else setPhase({ type: 'ready', plan: answer.result.plan });
    });
    return () => {
      live = false;
    };
  }, [planInstall, target]);

  const stored = new Set([...(installed?.envKeys ?? []), ...(installed?.headerKeys ?? [])]);
  const initialOf = (input: RegistryInput): string =>
    stored.has(input.name) && input.kind !== 'argument' ? MCP_SECRET_MASK : input.secret ? '' : (input.defaultValue ?? '');
  const valueOf = (input: RegistryInput): string => values[`${input.kind}:${input.name}`] ?? initialOf(input);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.type !== 'ready' || busy) return;
    const plan = phase.plan;
    const missing = plan.inputs.find((input) => input.required && valueOf(input).trim() === '');
    if (missing) return setError(`${missing.name} is required; fill it in.`);
    setBusy(true);
    setError(null);
    const result = await install({
      server: plan.server,
      version: plan.version,
      localName: target.update?.localName ?? plan.localName,
      expected: {
        packageIdentifier: plan.packageIdentifier,
        command: plan.launch.type === 'command' ? plan.launch.command : null,
        args: plan.launch.type === 'command' ? plan.launch.args : [],
        url: plan.launch.type === 'url' ? plan.launch.url : null,
        network: plan.launch.type === 'command' ? (plan.launch.sandbox?.network ?? null) : null,
        inputs: plan.inputs.map((input) => ({ kind: input.kind, name: input.name, defaultValue: input.defaultValue })),
      },
      values: plan.inputs.map((input) => ({ kind: input.kind, name: input.name, value: valueOf(input) })),
      replace: updating,
    });
    setBusy(false);
    if (result.ok) setPhase({ type: 'installed', name: result.name });
    else setError(result.message);
  };

  return (
    <Dialog
      title={updating ? `Update ${target.update?.localName ?? target.server}` : `Install ${target.server}`}
      testId="mcp-registry-install-dialog"
      onClose={onClose}
      size="wide"
    >
      {phase.type === 'loading' && <p className="muted">Reading {target.server} from the registry…</p>}
      {phase.type === 'refused' && (
        <>
          <p className="field-error plain-text" role="alert" data-testid="mcp-registry-refused">
            {phase.reason}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
      {phase.type === 'installed' && (
        <>
          <p role="status" data-testid="mcp-registry-installed">
            {updating ? 'Updated' : 'Installed'} as <code>{phase.name}</code>. It is starting; its tools ask before every call until you
            review them under Your servers.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button primary" data-testid="mcp-registry-installed-close" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
      {phase.type === 'ready' && (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="mcp-registry-install-form">
          <RegistryPlanView plan={phase.plan} changes={target.update?.changes ?? null} />
          {phase.plan.inputs.length > 0 && (
            <fieldset className="mcp-registry-inputs">
              <legend className="field-label">What the server asks for</legend>
              {phase.plan.inputs.map((input) => (
                <label key={`${input.kind}:${input.name}`} className="field" htmlFor={`${id}-${input.kind}-${input.name}`}>
                  <span className="field-label">
                    <code>{input.name}</code> {input.kind === 'env' ? 'environment variable' : input.kind}
                    {input.required ? ' (required)' : ''}
                  </span>
                  <input
                    id={`${id}-${input.kind}-${input.name}`}
                    data-testid="mcp-registry-input"
                    data-input={input.name}
                    type={input.secret ? 'password' : 'text'}
                    autoComplete="off"
                    spellCheck={false}
                    value={valueOf(input)}
                    aria-required={input.required}
                    onChange={(event) => setValues((current) => ({ ...current, [`${input.kind}:${input.name}`]: event.target.value }))}
                  />
                  {input.description && <span className="field-hint plain-text">{input.description}</span>}
                </label>
              ))}
            </fieldset>
          )}
          <div className="dialog-actions">
            {error && (
              <p className="field-error settings-error plain-text" role="alert" data-testid="mcp-registry-install-error">
                {error}
              </p>
            )}
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button primary" data-testid="mcp-registry-install-confirm" aria-disabled={busy}>
              {busy ? (updating ? 'Updating…' : 'Installing…') : updating ? 'Update' : 'Install'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
