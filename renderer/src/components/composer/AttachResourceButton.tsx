import { useState } from 'react';
import type { McpResourceInfo } from '../../../../shared/mcp/mcp-resources';
import type { ResourceChip } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';
import { Combobox } from '../ui/Combobox';
import type { CommandGroup } from '../ui/CommandList';

function groupsOf(resources: readonly McpResourceInfo[]): CommandGroup[] {
  const servers = [...new Set(resources.map((resource) => resource.server))];
  return servers.map((server) => ({
    key: server,
    heading: server,
    items: resources
      .filter((resource) => resource.server === server)
      .map((resource) => ({
        id: `${resource.server}\n${resource.uri}`,
        label: resource.name,
        keywords: [resource.uri, resource.description, resource.server],
        testId: 'attach-resource-item',
        content: (
          <span className="resource-option">
            <span className="resource-option-name">{resource.name}</span>
            <span className="resource-option-uri">{resource.uri}</span>
          </span>
        ),
      })),
  }));
}

/**
 * "Resource": a searchable list of the ready MCP servers' resources; the one picked is read once
 * (to show its size) and becomes a chip on the message. Main reads it again when the message is
 * sent: nothing is pasted into the text. Nothing shows when no server is ready.
 */
export function AttachResourceButton({
  onAttach,
  disabled,
  full,
}: {
  onAttach(chip: ResourceChip): void;
  disabled: boolean;
  full: boolean;
}) {
  const servers = useTaco((state) => state.mcpServers);
  const listResources = useTaco((state) => state.listMcpResources);
  const readResource = useTaco((state) => state.readMcpResource);
  const [open, setOpen] = useState(false);
  const [resources, setResources] = useState<McpResourceInfo[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!(servers ?? []).some((server) => server.status === 'ready')) return null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setProblem(null);
      void listResources().then(setResources);
    }
  };
  const pick = async (id: string) => {
    const resource = resources?.find((each) => `${each.server}\n${each.uri}` === id);
    if (!resource) return;
    const read = await readResource(resource.server, resource.uri);
    if (!read.ok) return setProblem(read.message);
    onAttach({
      server: resource.server,
      uri: resource.uri,
      name: resource.name,
      chars: read.content.text.length,
      truncated: read.content.truncated,
    });
  };

  return (
    <>
      <Combobox
        trigger={
          <button
            type="button"
            className="button composer-resource-button"
            data-testid="attach-resource"
            disabled={disabled || full}
            title={full ? 'A message carries at most a few resources: remove one first' : 'Attach a resource from an MCP server'}
          >
            Resource
          </button>
        }
        open={open}
        onOpenChange={onOpenChange}
        groups={groupsOf(resources ?? [])}
        onSelect={(id) => void pick(id)}
        label="MCP resources"
        placeholder="Search resources…"
        emptyText={
          resources === null ? 'Loading resources…' : resources.length === 0 ? 'No MCP server offers resources.' : 'No resource matches.'
        }
        testId="attach-resource-list"
        inputTestId="attach-resource-search"
      />
      {problem && (
        <p className="field-error composer-resource-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
