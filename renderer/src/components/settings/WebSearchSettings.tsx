import type { WebSearchSettings as WebSearchSetting } from '../../../../shared/settings/web-search';
import type { SettingsForm } from './settings-form';
import { Select } from '../ui/Select';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

const PROVIDERS: Array<{ value: WebSearchSetting['provider']; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: 'ollama', label: 'Ollama web search (API key)' },
  { value: 'searxng', label: 'SearXNG (your own instance)' },
];

/** Which service search_web asks; off until the user picks one. */
export function WebSearchSettings({ form, change }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Web search</legend>
      <label className="field-row">
        <span>Search with</span>
        <Select
          data-testid="settings-web-search-provider"
          value={form.webSearchProvider}
          options={PROVIDERS}
          onChange={(webSearchProvider) => change({ webSearchProvider })}
        />
      </label>
      {form.webSearchProvider === 'ollama' && (
        <label className="field">
          <span className="field-label">Ollama API key</span>
          <input
            type="password"
            autoComplete="off"
            data-testid="settings-web-search-key"
            placeholder="from ollama.com/settings/keys"
            value={form.ollamaApiKey}
            onChange={(event) => change({ ollamaApiKey: event.target.value })}
          />
          <span className="field-hint">Stored in TACO&apos;s settings and shown masked; leave the dots to keep the saved key.</span>
        </label>
      )}
      {form.webSearchProvider === 'searxng' && (
        <label className="field">
          <span className="field-label">SearXNG address</span>
          <input
            type="url"
            data-testid="settings-web-search-searxng"
            placeholder="http://127.0.0.1:8888"
            value={form.searxngUrl}
            onChange={(event) => change({ searxngUrl: event.target.value })}
          />
          <span className="field-hint">An instance with the JSON format enabled (search.formats: json in its settings.yml).</span>
        </label>
      )}
      <span className="field-hint">search_web asks before each search, like fetch_url.</span>
    </fieldset>
  );
}
