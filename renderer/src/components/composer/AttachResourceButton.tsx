import { useState } from 'react';
import type { McpResourceInfo } from '../../../../shared/mcp-resources';
import { useTaco } from '../../store/store-context';

/** The text a resource adds to the message: where it came from, then its content in a fence. */
export function resourceBlock(resource: { server: string; uri: string }, text: string): string {
  const fence = text.includes('```') ? '~~~~' : '```';
  return `Resource ${resource.uri} (MCP server ${resource.server}):\n${fence}\n${text}\n${fence}`;
}

/**
 * "Attach resource": lists the ready MCP servers' resources; the chosen one is read by main and
 * its text added to the message being written (shown in the composer, so the user sees what is sent).
 * Nothing shows when no server offers resources.
 */
export function AttachResourceButton({ onAttach, disabled }: { onAttach(text: string): void; disabled: boolean }) {
  const servers = useTaco((state) => state.mcpServers);
  const listResources = useTaco((state) => state.listMcpResources);
  const readResource = useTaco((state) => state.readMcpResource);
  const [resources, setResources] = useState<McpResourceInfo[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!(servers ?? []).some((server) => server.status === 'ready')) return null;

  const pick = async (resource: McpResourceInfo) => {
    const read = await readResource(resource.server, resource.uri);
    if (!read.ok) return setProblem(read.message);
    setResources(null);
    setProblem(null);
    onAttach(resourceBlock(resource, read.content.text + (read.content.truncated ? '\n… (shortened)' : '')));
  };

  return (
    <div className="attach-resource">
      <button
        type="button"
        className="button"
        data-testid="attach-resource"
        disabled={disabled}
        onClick={() => void listResources().then((list) => setResources(resources === null ? list : null))}
      >
        Resource
      </button>
      {resources !== null && (
        <ul className="attach-resource-list" data-testid="attach-resource-list" aria-label="MCP resources">
          {resources.length === 0 && <li className="muted small">No MCP server offers resources.</li>}
          {resources.map((resource) => (
            <li key={`${resource.server} ${resource.uri}`}>
              <button
                type="button"
                className="button small plain-text"
                data-testid="attach-resource-item"
                onClick={() => void pick(resource)}
              >
                {resource.name} · {resource.server}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
