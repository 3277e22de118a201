import { useId, useState, type FormEvent } from 'react';
import type { McpImportResult } from '../../store/slices/mcp-slice';
import { useTaco } from '../../store/store-context';

const EXAMPLE = `{
  "mcpServers": {
    "everything": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"] }
  }
}`;

/** Paste a claude_desktop_config.json-style block; main adds the servers, disabled, and says what it skipped and why. */
export function McpImportForm({ onDone }: { onDone(): void }) {
  const importServers = useTaco((state) => state.importMcpServers);
  const [json, setJson] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<McpImportResult | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(await importServers(json));
    setBusy(false);
  };

  return (
    <form
      className="mcp-form"
      data-testid="mcp-import"
      aria-label="Paste MCP servers as JSON"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <label className="field" htmlFor={`${id}-json`}>
        <span className="field-label">JSON with an "mcpServers" block (for example from claude_desktop_config.json)</span>
        <textarea
          id={`${id}-json`}
          data-testid="mcp-import-json"
          rows={8}
          spellCheck={false}
          placeholder={EXAMPLE}
          value={json}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setJson(event.target.value);
            setOutcome(null);
          }}
        />
        <span className="field-hint" id={`${id}-hint`}>
          Imported servers start disabled: check each one, then switch it on.
        </span>
      </label>
      {outcome && <ImportOutcome outcome={outcome} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {outcome?.ok ? 'Done' : 'Cancel'}
        </button>
        <button type="submit" className="button primary" data-testid="mcp-import-submit" aria-disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}

function ImportOutcome({ outcome }: { outcome: McpImportResult }) {
  if (!outcome.ok)
    return (
      <p className="field-error" role="alert" data-testid="mcp-import-error">
        {outcome.message}
      </p>
    );
  return (
    <div role="status" data-testid="mcp-import-outcome">
      <p className="small">
        {outcome.added.length === 0
          ? 'No server was added.'
          : `Added (disabled): ${outcome.added.join(', ')}. Switch them on in the list when you are ready.`}
      </p>
      {outcome.skipped.length > 0 && (
        <ul className="small mcp-skipped" data-testid="mcp-import-skipped">
          {outcome.skipped.map((skip) => (
            <li key={skip.name}>
              Skipped <code>{skip.name}</code>: {skip.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
