import type { ServerConfig } from '../../../../shared/models/servers';
import { useTaco } from '../../store/store-context';

import { Select } from '../ui/Select';

type Choice = 'auto' | 'on' | 'off';

const CHOICES: Array<{ value: Choice; label: string }> = [
  { value: 'auto', label: 'Ask the server' },
  { value: 'on', label: 'Native tools' },
  { value: 'off', label: 'Prompt-based tools' },
];

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
            <Select aria-label={`Tools for ${model}`} value={value} options={CHOICES} onChange={(choice) => set(model, choice)} />
          </label>
        );
      })}
    </details>
  );
}
