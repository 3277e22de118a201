import { useState, type FormEvent } from 'react';
import { useTaco } from '../../store/store-context';

/** Download a model by name, as `ollama pull` would. */
export function PullForm() {
  const pullModel = useTaco((state) => state.pullModel);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStarting(true);
    const result = await pullModel(name);
    setStarting(false);
    if (result.ok) setName('');
    else setError(result.message);
  };

  return (
    <form className="pull-form" onSubmit={(event) => void submit(event)}>
      <label className="field">
        <span className="field-label">Download a model</span>
        <span className="pull-form-row">
          <input
            data-testid="pull-input"
            data-autofocus
            value={name}
            placeholder="llama3.2, qwen3:4b, gemma3…"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error ? 'pull-form-error' : 'pull-form-hint'}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button primary" data-testid="pull-submit" disabled={starting || name.trim() === ''}>
            {starting ? 'Starting…' : 'Download'}
          </button>
        </span>
        {error ? (
          <span id="pull-form-error" className="field-error" role="alert" data-testid="pull-form-error">
            {error}
          </span>
        ) : (
          <span id="pull-form-hint" className="field-hint">
            Names as on ollama.com/library. Models are several gigabytes; the download continues while you chat.
          </span>
        )}
      </label>
    </form>
  );
}
