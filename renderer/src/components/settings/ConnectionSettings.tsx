import { ModelPicker } from '../models/ModelPicker';
import { useState } from 'react';
import type { OllamaTestResult } from '../../../../shared/contract/contract';
import { useTaco } from '../../store/store-context';
import type { SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  error: string | null;
}

type TestState = { type: 'idle' } | { type: 'testing' } | { type: 'done'; result: OllamaTestResult };

/** The Ollama host with a Test button, and the model for new chats. */
export function ConnectionSettings({ form, change, error }: Props) {
  const testOllamaHost = useTaco((state) => state.testOllamaHost);
  const [test, setTest] = useState<TestState>({ type: 'idle' });

  const runTest = async () => {
    setTest({ type: 'testing' });
    setTest({ type: 'done', result: await testOllamaHost(form.host) });
  };

  return (
    <fieldset className="settings-section">
      <legend className="section-title">Ollama</legend>
      <label className="field">
        <span className="field-label">Ollama host</span>
        <span className="field-inline">
          <input
            data-testid="settings-host-input"
            data-autofocus
            value={form.host}
            onChange={(event) => {
              change({ host: event.target.value });
              setTest({ type: 'idle' });
            }}
            placeholder="http://127.0.0.1:11434"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby="settings-host-hint"
          />
          <button
            type="button"
            className="button"
            data-testid="settings-test-host"
            disabled={test.type === 'testing' || form.host.trim() === ''}
            onClick={() => void runTest()}
          >
            {test.type === 'testing' ? 'Testing…' : 'Test'}
          </button>
        </span>
        <TestOutcome test={test} />
        <span id="settings-host-hint" className="field-hint">
          Where Ollama listens. The default is http://127.0.0.1:11434.
        </span>
      </label>
      <div className="field">
        <span className="field-label" id="settings-default-model-label">
          Model for new chats
        </span>
        <span className="field-inline">
          <ModelPicker
            field={{
              value: form.defaultModel,
              onChange: (name) => change({ defaultModel: name }),
              testId: 'settings-default-model',
              describedBy: 'settings-default-model-label',
            }}
          />
          {form.defaultModel && (
            <button
              type="button"
              className="button ghost small"
              data-testid="settings-default-model-clear"
              onClick={() => change({ defaultModel: null })}
            >
              Use the first installed model
            </button>
          )}
        </span>
        <span className="field-hint">It also changes whenever you pick a model at the top of the chat.</span>
      </div>
    </fieldset>
  );
}

function TestOutcome({ test }: { test: TestState }) {
  if (test.type !== 'done') return null;
  const { result } = test;
  switch (result.type) {
    case 'ok':
      return (
        <span className="test-outcome ok" role="status" data-testid="settings-test-result" data-result="ok">
          Connected: Ollama {result.version} answers at {result.host}.
        </span>
      );
    case 'unreachable':
    case 'error':
      return (
        <span className="test-outcome field-error" role="alert" data-testid="settings-test-result" data-result={result.type}>
          {result.message}
        </span>
      );
    default: {
      const unreachable: never = result;
      return unreachable;
    }
  }
}
