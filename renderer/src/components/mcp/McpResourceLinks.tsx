import { useState } from 'react';
import type { McpResourceContent } from '../../../../shared/mcp/mcp-resources';
import { useTaco } from '../../store/store-context';

/** `[resource link: NAME <URI>…]`, as main words a resource_link block of a tool result (mcp-result.ts). */
const LINK = /\[resource link: ([^<\]\n]{0,200}?) ?<([^>\s]{1,4096})>/g;

/** The resource links in an MCP tool's result text (each URI once). */
export function resourceLinks(text: string): Array<{ name: string; uri: string }> {
  const seen = new Set<string>();
  const links: Array<{ name: string; uri: string }> = [];
  for (const [, name = '', uri = ''] of text.matchAll(LINK)) {
    if (seen.has(uri)) continue;
    seen.add(uri);
    links.push({ name: name.trim() || uri, uri });
  }
  return links.slice(0, 20);
}

/**
 * Resource links of an MCP tool's result, opened in the app: main reads the resource from the server
 * (resources/read) and its text is shown here as plain text; nothing is fetched by the renderer.
 */
export function McpResourceLinks({ server, result }: { server: string; result: string }) {
  const readResource = useTaco((state) => state.readMcpResource);
  const [shown, setShown] = useState<McpResourceContent | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const links = resourceLinks(result);
  if (links.length === 0) return null;
  const open = async (uri: string) => {
    const read = await readResource(server, uri);
    if (read.ok) {
      setShown(read.content);
      setProblem(null);
    } else setProblem(read.message);
  };
  return (
    <div className="mcp-resource-links" data-testid="mcp-resource-links">
      <div className="detail-label">Resources</div>
      {links.map((link) => (
        <button key={link.uri} type="button" className="button small" data-testid="mcp-resource-open" onClick={() => void open(link.uri)}>
          Open {link.name}
        </button>
      ))}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {shown && (
        <pre className="plain-text" data-testid="mcp-resource-text">
          {shown.text}
          {shown.truncated ? '\n… (shortened)' : ''}
        </pre>
      )}
    </div>
  );
}
