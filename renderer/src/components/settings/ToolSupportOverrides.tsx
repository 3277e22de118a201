import type { ServerConfig } from '../../../../shared/servers';
import { useTaco } from '../../store/store-context';

type Choice = 'auto' | 'on' | 'off';

/**
 * Per model of one server: does it take native tools? “Ask the server” probes once (OpenAI-compatible)
 * or reads /api/show (Ollama); on/off is the user's answer. Without tools, TACO uses its prompt-based format.
 */
export function ToolSupportOverrides({ server, onChange }: { server: ServerConfig; onChange(toolSupport: Record<string, boolean>): void }) {
  const listed = useTaco((state) => state.models?.servers?.find((group) => group.serverId === server.id)?.models);
  const names = [...new Set([...(listed ?? []).map((model) => model.label ?? model.name), ...Object.keys(server.toolSupport)])];
  if (names.length === 0) return null;
  const set = (model: string, choice: Choice) => {
    const next: Record<string, boolean> = { ...server.toolSupport };
    if (choice === 'auto') delete next[model];
    else next[model] = choice === 'on';
    onChange(next);
  };
  return (
    <details className="server-tools" data-testid="server-tool-support">
      <summary>Tool support per model</summary>
      {names.map((model) => {
        const said = server.toolSupport[model];
        const value: Choice = said === undefined ? 'auto' : said ? 'on' : 'off';
        return (
          <label key={model} className="field-inline">
            <span className="small">{model}</span>
            <select aria-label={`Tools for ${model}`} value={value} onChange={(event) => set(model, event.target.value as Choice)}>
              <option value="auto">Ask the server</option>
              <option value="on">Native tools</option>
              <option value="off">Prompt-based tools</option>
            </select>
          </label>
        );
      })}
    </details>
  );
}
