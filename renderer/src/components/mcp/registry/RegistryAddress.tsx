import { useId, useState, type FormEvent } from 'react';
import { DEFAULTS } from '../../../../../shared/constants';
import { useTaco } from '../../../store/store-context';

/** The registry Browse searches: the official one unless the user names another (self-hosted registries exist). Saved at once. */
export function RegistryAddress({ onChanged }: { onChanged(): void }) {
  const stored = useTaco((state) => state.settings?.mcpRegistryUrl);
  const save = useTaco((state) => state.saveSettings);
  const [value, setValue] = useState(stored ?? DEFAULTS.mcp.registry.defaultUrl);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    const result = await save({ mcpRegistryUrl: trimmed === '' ? DEFAULTS.mcp.registry.defaultUrl : trimmed });
    if (!result.ok) return setError(result.message);
    setError(null);
    onChanged();
  };

  return (
    <form className="mcp-registry-address" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field" htmlFor={`${id}-url`}>
        <span className="field-label">Registry</span>
        <input
          id={`${id}-url`}
          type="url"
          data-testid="mcp-registry-url"
          value={value}
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <span className="field-hint" id={`${id}-hint`}>
          The official registry is {DEFAULTS.mcp.registry.defaultUrl}. A registry on this computer or your network needs private addresses
          allowed in Settings → Approvals (“Let fetch_url reach this computer and the local network”).
        </span>
      </label>
      <button type="submit" className="button" data-testid="mcp-registry-url-save">
        Use this registry
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
