import { useState } from 'react';
import type { ServerConfig } from '../../../../../shared/servers';
import { useTaco } from '../../../store/store-context';
import { AddServerForm } from './AddServerForm';
import { KIND_WORDS, serverFromDraft, testRequestFor, type ServerDraft, type ServerTestState } from './server-form';
import { ServerTestOutcome } from './ServerTestOutcome';
import { ToolSupportOverrides } from '../ToolSupportOverrides';
import { Switch } from '../../ui/Switch';

/**
 * Settings → Model servers: the servers beyond the Ollama address, saved at once (apart from the
 * dialog's Save). Header values are never shown again after saving: main sends them masked, and
 * the masked value sent back keeps the stored one.
 */
export function ModelServersSettings() {
  const settings = useTaco((state) => state.settings);
  const saveSettings = useTaco((state) => state.saveSettings);
  const servers = settings?.servers ?? [];
  const [error, setError] = useState<string | null>(null);

  const save = async (next: ServerConfig[]): Promise<string | null> => {
    const saved = await saveSettings({ servers: next });
    const message = saved.ok ? null : saved.message;
    setError(message);
    return message;
  };

  const add = (draft: ServerDraft) => save([...servers, serverFromDraft(draft, ['local', ...servers.map((server) => server.id)])]);

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
            onToggle={(enabled) => void save(servers.map((other) => (other.id === server.id ? { ...other, enabled } : other)))}
            onToolSupport={(toolSupport) => void save(servers.map((other) => (other.id === server.id ? { ...other, toolSupport } : other)))}
            onRemove={() => void save(servers.filter((other) => other.id !== server.id))}
          />
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert" data-testid="servers-error">
          {error}
        </p>
      )}
      <AddServerForm taken={['local', ...servers.map((server) => server.id)]} onAdd={add} />
    </fieldset>
  );
}

function ServerRow({
  server,
  onToggle,
  onToolSupport,
  onRemove,
}: {
  server: ServerConfig;
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
