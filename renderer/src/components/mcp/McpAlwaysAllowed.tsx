import { useState } from 'react';
import { useTaco } from '../../store/store-context';

/**
 * A server's tools the user chose "Always allow this tool" for, each with Revoke. Main keeps the
 * grants (bound to the tool's definition: a changed tool asks again anyway); this lists and asks.
 */
export function McpAlwaysAllowed({ server }: { server: string }) {
  const all = useTaco((state) => state.mcpAlwaysAllowed);
  const revoke = useTaco((state) => state.revokeMcpAlwaysAllowed);
  const [error, setError] = useState<string | null>(null);
  const tools = (all ?? []).filter((grant) => grant.server === server);
  if (tools.length === 0 && error === null) return null;
  return (
    <div className="mcp-always-allowed" data-testid="mcp-always-allowed">
      <div className="detail-label">Always allowed (any arguments, until the tool changes)</div>
      <ul aria-label={`Tools of ${server} that are always allowed`}>
        {tools.map(({ tool }) => (
          <li key={tool} className="mcp-always-allowed-tool">
            <code>{tool}</code>
            <button
              type="button"
              className="button small"
              aria-label={`Revoke: ask again before ${tool}`}
              onClick={() =>
                void revoke(server, tool).then((result) => setError(result.ok ? null : `Could not revoke ${tool}: ${result.message}`))
              }
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
