import { useId, useState, type FormEvent } from 'react';
import type { McpApprovalPolicy } from '../../../../shared/mcp/mcp';
import { useTaco } from '../../store/store-context';
import { Select } from '../ui/Select';
import { APPROVAL_EXPLANATIONS, APPROVAL_POLICIES, APPROVAL_WORDS } from './mcp-words';
import { configFromForm, SECRET_MASK, type McpFormField, type McpServerForm, type McpTextField } from './mcp-server-form';
import { Switch } from '../ui/Switch';

interface Props {
  initial: McpServerForm;
  /** Editing keeps the name (and the server's enabled state); adding asks for a new name. */
  editing: { enabled: boolean } | null;
  onDone(): void;
}

/** Add or edit a server: command, args, env and cwd (stdio) or URL and headers (HTTP), approval policy, time limit. */
export function McpServerFormView({ initial, editing, onDone }: Props) {
  const save = useTaco((state) => state.saveMcpServer);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<{ field: McpFormField | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const change = (patch: Partial<McpServerForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const invalid = (field: McpFormField) => error?.field === field;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = configFromForm(form, editing ? editing.enabled : true);
    if (result.type === 'invalid') return setError({ field: result.field, message: result.message });
    setSaving(true);
    const saved = await save(result.name, result.config, editing !== null);
    setSaving(false);
    if (saved.ok) onDone();
    else setError({ field: null, message: saved.message });
  };

  const text = (field: McpTextField, label: string, hint: string | null, multiline = false) => {
    const props = {
      id: `${id}-${field}`,
      'data-testid': `mcp-form-${field}`,
      value: form[field],
      'aria-invalid': invalid(field),
      'aria-describedby': hint ? `${id}-${field}-hint` : undefined,
      spellCheck: false,
    };
    return (
      <label className="field" htmlFor={props.id}>
        <span className="field-label">{label}</span>
        {multiline ? (
          <textarea {...props} rows={3} onChange={(event) => change({ [field]: event.target.value } as Partial<McpServerForm>)} />
        ) : (
          <input {...props} type="text" onChange={(event) => change({ [field]: event.target.value } as Partial<McpServerForm>)} />
        )}
        {hint && (
          <span className="field-hint" id={`${id}-${field}-hint`}>
            {hint}
          </span>
        )}
      </label>
    );
  };

  return (
    <form
      className="mcp-form"
      data-testid="mcp-form"
      aria-label={editing ? `Edit ${initial.name}` : 'Add an MCP server'}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {editing ? (
        <p className="field-label">
          Editing <code>{initial.name}</code>
        </p>
      ) : (
        text('name', 'Name', 'Letters, digits and "-"; its tools are offered as mcp__<name>__<tool>.')
      )}
      <fieldset className="mcp-transport">
        <legend className="field-label">Runs as</legend>
        {(['stdio', 'http'] as const).map((transport) => (
          <label key={transport} className="field-row">
            <input
              type="radio"
              name={`${id}-transport`}
              data-testid={`mcp-form-transport-${transport}`}
              checked={form.transport === transport}
              onChange={() => change({ transport })}
            />
            <span>{transport === 'stdio' ? 'A command on this computer (stdio)' : 'A URL (Streamable HTTP or SSE)'}</span>
          </label>
        ))}
      </fieldset>
      {form.transport === 'stdio' ? (
        <div className="settings-grid">
          {text('command', 'Command', 'npx, uvx, node, or a full path.')}
          {text('cwd', 'Working folder (optional)', null)}
          {text('args', 'Arguments', 'One per line.', true)}
          {text('env', 'Environment', `KEY=value, one per line. Saved values show as ${SECRET_MASK}: leave them to keep them.`, true)}
        </div>
      ) : null}
      {form.transport === 'stdio' ? (
        <fieldset className="mcp-sandbox" data-testid="mcp-form-sandbox">
          <legend className="field-label">Sandbox</legend>
          <Switch checked={form.sandboxed} onChange={(sandboxed) => change({ sandboxed })} testId="mcp-form-sandboxed">
            Run it in the sandbox
          </Switch>
          {form.sandboxed ? (
            <>
              {text(
                'sandboxWrite',
                'Folders it may write',
                'One per line (~/ for your home folder). Everything else is read-only; your keys, credentials, browser profiles and TACO’s data stay hidden; it gets its own /tmp.',
                true,
              )}
              {text(
                'sandboxHosts',
                'Hosts it may reach',
                form.sandboxAnyHost
                  ? 'Now: any public host (set before host lists). Name hosts here, one per line, to allow only those.'
                  : 'One per line, such as registry.npmjs.org or *.example.com (its subdomains); nothing: no network. Through TACO’s proxy only.',
                true,
              )}
            </>
          ) : (
            <span className="field-hint" data-testid="mcp-form-unsandboxed">
              Not sandboxed: it runs with your full rights (it can read your keys, write anywhere and use the network).
            </span>
          )}
        </fieldset>
      ) : (
        <div className="settings-grid">
          {text('url', 'URL', 'For example http://127.0.0.1:3000/mcp')}
          {text('headers', 'Headers', `Name: value, one per line. Saved values show as ${SECRET_MASK}: leave them to keep them.`, true)}
        </div>
      )}
      <div className="settings-grid">
        <label className="field" htmlFor={`${id}-approval`}>
          <span className="field-label">Approval</span>
          <Select<McpApprovalPolicy>
            id={`${id}-approval`}
            data-testid="mcp-form-approval"
            value={form.approval}
            aria-describedby={`${id}-approval-hint`}
            onChange={(approval) => change({ approval })}
            options={APPROVAL_POLICIES.map((policy) => ({ value: policy, label: APPROVAL_WORDS[policy] }))}
          />
          <span className="field-hint" id={`${id}-approval-hint`} data-testid="mcp-form-approval-hint">
            {APPROVAL_EXPLANATIONS[form.approval]}
          </span>
        </label>
        {text('timeoutSeconds', 'Time limit per call (seconds)', null)}
      </div>
      {!editing && <span className="field-hint">The server starts as soon as it is added. (Pasted servers start switched off.)</span>}
      <div className="dialog-actions">
        {error && (
          <p className="field-error settings-error" role="alert" data-testid="mcp-form-error">
            {error.message}
          </p>
        )}
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button primary" data-testid="mcp-form-save" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save' : 'Add server'}
        </button>
      </div>
    </form>
  );
}
