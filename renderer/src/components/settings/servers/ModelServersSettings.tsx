import { useState } from 'react';
import type { ServerConfig } from '../../../../../shared/models/servers';
import { useTaco } from '../../../store/store-context';
import { AddServerForm } from './AddServerForm';
import { KIND_WORDS, serverFromDraft, testRequestFor, type ServerDraft, type ServerTestState } from './server-form';
import { ServerTestOutcome } from './ServerTestOutcome';
import { ToolSupportOverrides } from '../ToolSupportOverrides';
import { Switch } from '../../ui/Switch';

/**
 * Settings → Model servers: the servers beyond the Ollama address. Adding, removing and switching
 * change the list in the form; Save keeps it (with the other pages), Cancel forgets it. Header
 * values are never shown again after saving: main sends them masked, and the masked value sent
 * back keeps the stored one.
 */
export function ModelServersSettings({ servers, onChange }: { servers: ServerConfig[]; onChange(servers: ServerConfig[]): void }) {
  const saved = useTaco((state) => state.settings?.servers ?? []);
  const add = (draft: ServerDraft): Promise<string | null> => {
    onChange([...servers, serverFromDraft(draft, ['local', ...servers.map((server) => server.id)])]);
    return Promise.resolve(null);
  };
  const update = (id: string, patch: Partial<ServerConfig>) =>
    onChange(servers.map((other) => (other.id === id ? { ...other, ...patch } : other)));

  return (
    <fieldset className="settings-section" data-testid="model-servers">
      <legend className="section-title">Model servers</legend>
      <p className="field-hint">
        Ollama on another machine, or an OpenAI-compatible server (vLLM, llama.cpp, LM Studio, Jan). Their models appear in the model
        picker, grouped by server.
      </p>
      <ul className="server-list">
        {servers.map((server) => (
          <ServerRow
            key={server.id}
            server={server}
            unsaved={!saved.some((each) => JSON.stringify(each) === JSON.stringify(server))}
            onToggle={(enabled) => update(server.id, { enabled })}
            onToolSupport={(toolSupport) => update(server.id, { toolSupport })}
            onRemove={() => onChange(servers.filter((other) => other.id !== server.id))}
          />
        ))}
      </ul>
      {servers.length !== saved.length || servers.some((server, index) => JSON.stringify(server) !== JSON.stringify(saved[index])) ? (
        <p className="field-hint" data-testid="servers-unsaved">
          {saved.filter((each) => !servers.some((server) => server.id === each.id)).length > 0
            ? 'Removed servers stay until you press Save; Cancel brings them back.'
            : 'Press Save to keep these changes; Cancel forgets them.'}
        </p>
      ) : null}
      <AddServerForm taken={['local', ...servers.map((server) => server.id)]} onAdd={add} />
    </fieldset>
  );
}

function ServerRow({
  server,
  unsaved,
  onToggle,
  onToolSupport,
  onRemove,
}: {
  server: ServerConfig;
  /** Added or changed in this visit, not saved yet. */
  unsaved: boolean;
  onToggle(enabled: boolean): void;
  onToolSupport(toolSupport: Record<string, boolean>): void;
  onRemove(): void;
}) {
  const testServer = useTaco((state) => state.testServer);
  const listing = useTaco((state) => state.models?.servers?.find((group) => group.serverId === server.id) ?? null);
  const [test, setTest] = useState<ServerTestState>({ type: 'idle' });
  const headerNames = Object.keys(server.headers);
  return (
    <li className="server-row" data-testid="server-row" data-server-id={server.id}>
      <span className="server-row-title">
        <strong>{server.name}</strong> · {KIND_WORDS[server.kind]} · <code>{server.baseUrl}</code>
        {headerNames.length > 0 ? <span className="muted"> · {headerNames.join(', ')} set (hidden)</span> : null}
        {unsaved ? (
          <span className="badge" data-testid="server-row-unsaved">
            Not saved yet
          </span>
        ) : null}
      </span>
      <span className="field-inline">
        <Switch testId="server-row-enabled" checked={server.enabled} onChange={onToggle}>
          On
        </Switch>
        <button
          type="button"
          className="button"
          data-testid="server-row-test"
          onClick={() => {
            setTest({ type: 'testing' });
            void testServer(testRequestFor(server)).then((result) => setTest({ type: 'done', result }));
          }}
        >
          Test connection
        </button>
        <button type="button" className="button ghost" data-testid="server-remove" onClick={onRemove}>
          Remove
        </button>
      </span>
      {server.enabled && listing && listing.type !== 'ok' && (
        <p className="field-error" data-testid="model-server-error" data-server-id={server.id}>
          Its models could not be listed: {listing.message ?? 'not reachable'}
        </p>
      )}
      <ServerTestOutcome test={test} testId="server-row-test-result" />
      <ToolSupportOverrides server={server} onChange={onToolSupport} />
    </li>
  );
}
