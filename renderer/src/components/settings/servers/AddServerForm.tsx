import { useState } from 'react';
import type { ServerKind } from '../../../../../shared/models/servers';
import { useTaco } from '../../../store/store-context';
import { EMPTY_DRAFT, KIND_WORDS, serverFromDraft, testRequestFor, type ServerDraft, type ServerTestState } from './server-form';
import { ServerTestOutcome } from './ServerTestOutcome';
import { Switch } from '../../ui/Switch';
import { Select } from '../../ui/Select';

// A built-in server is added from a GGUF file (the model library), not from an address.
const KINDS = (Object.keys(KIND_WORDS) as ServerKind[]).filter((kind) => kind !== 'built-in').map((kind) => ({ value: kind, label: KIND_WORDS[kind] }));

/** Name, kind, address, an optional Authorization header and “allow insecure”; Test connection before adding. */
export function AddServerForm({ taken, onAdd }: { taken: readonly string[]; onAdd(draft: ServerDraft): Promise<string | null> }) {
  const testServer = useTaco((state) => state.testServer);
  const [draft, setDraft] = useState<ServerDraft>(EMPTY_DRAFT);
  const [test, setTest] = useState<ServerTestState>({ type: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const edit = (patch: Partial<ServerDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setTest({ type: 'idle' });
    setError(null);
  };
  const runTest = async () => {
    setTest({ type: 'testing' });
    setTest({ type: 'done', result: await testServer(testRequestFor(serverFromDraft(draft, taken))) });
  };
  const add = async () => {
    const refused = await onAdd(draft);
    if (refused === null) {
      setDraft(EMPTY_DRAFT);
      setTest({ type: 'idle' });
    }
    setError(refused);
  };

  return (
    <div className="server-add" data-testid="server-add">
      <span className="field-inline">
        <input
          aria-label="Server name"
          data-testid="server-name"
          placeholder="Name, e.g. GPU box"
          value={draft.name}
          onChange={(event) => edit({ name: event.target.value })}
        />
        <Select aria-label="Server kind" data-testid="server-kind" value={draft.kind} options={KINDS} onChange={(kind) => edit({ kind })} />
      </span>
      <input
        aria-label="Server address"
        data-testid="server-url"
        placeholder={draft.kind === 'ollama' ? 'https://gpu-box.lan:11434' : 'http://127.0.0.1:8000/v1'}
        spellCheck={false}
        value={draft.baseUrl}
        onChange={(event) => edit({ baseUrl: event.target.value })}
      />
      <input
        aria-label="Authorization header (optional)"
        data-testid="server-authorization"
        type="password"
        autoComplete="off"
        placeholder="Authorization header, e.g. Bearer … (optional)"
        value={draft.authorization}
        onChange={(event) => edit({ authorization: event.target.value })}
      />
      <Switch testId="server-insecure" checked={draft.allowInsecure} onChange={(allowInsecure) => edit({ allowInsecure })}>
        Allow insecure (plain http:// to an address outside this network)
      </Switch>
      <span className="field-inline">
        <button
          type="button"
          className="button"
          data-testid="server-test"
          disabled={draft.baseUrl.trim() === '' || test.type === 'testing'}
          onClick={() => void runTest()}
        >
          Test connection
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="server-add-button"
          disabled={draft.name.trim() === '' || draft.baseUrl.trim() === ''}
          onClick={() => void add()}
        >
          Add server
        </button>
      </span>
      <ServerTestOutcome test={test} testId="server-test-result" />
      {error && (
        <span className="field-error" role="alert" data-testid="server-add-error">
          {error}
        </span>
      )}
    </div>
  );
}
