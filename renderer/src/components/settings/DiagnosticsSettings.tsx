import type { SettingsForm } from './settings-form';
import { Switch } from '../ui/Switch';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/** The raw model log: every request and response as sent, for finding out why a model misbehaves. */
export function DiagnosticsSettings({ form, change }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Diagnostics</legend>
      <Switch testId="settings-debug-raw-log" checked={form.debugRawLog} onChange={(debugRawLog) => change({ debugRawLog })}>
        Write every raw model request and response to a log
      </Switch>
      <span className="field-hint" data-testid="settings-debug-raw-log-where">
        The logs go to TACO&apos;s data folder, under logs/llm/ with one folder per day (request_… and response_… files). Keys and header
        values are masked, but your messages and files are in them. Starting TACO with TACO_DEBUG_RAW=1 does the same.
      </span>
    </fieldset>
  );
}
