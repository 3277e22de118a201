import { useEffect, useState } from 'react';
import type { WorkflowInfo, WorkflowParamValue, WorkflowParamValues } from '../../../../shared/workflows/workflow';
import { useTaco } from '../../store/store-context';
import { ParamField } from './ParamField';

interface Props {
  info: WorkflowInfo;
  /** Words to fill the form from (`/wf <id> words`), extracted by the model when the form opens. */
  initialText: string | null;
  onBack(): void;
}

function defaults(info: WorkflowInfo): WorkflowParamValues {
  const values: WorkflowParamValues = {};
  for (const param of info.definition.params) if (param.default !== undefined) values[param.name] = param.default;
  return values;
}

/** A workflow's form: its params as native controls, "Fill from text" (the model proposes, you review), Run. */
export function WorkflowForm({ info, initialText, onBack }: Props) {
  const runWorkflow = useTaco((state) => state.runWorkflow);
  const extract = useTaco((state) => state.extractWorkflowParams);
  const [values, setValues] = useState<WorkflowParamValues>(() => defaults(info));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [words, setWords] = useState(initialText ?? '');
  const [extracting, setExtracting] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const { definition } = info;

  const fill = async (text: string) => {
    if (!text.trim()) return;
    setExtracting(true);
    const result = await extract(definition.id, text);
    setExtracting(false);
    if (!result) return;
    setValues((current) => ({ ...current, ...result.values }));
    setErrors(result.errors);
    setNote(result.problem ?? 'The model filled in what it found. Check the values, then press Run.');
  };

  useEffect(() => {
    if (initialText) void fill(initialText);
    // Only when the form opens with words.
  }, []);

  const run = async () => {
    setRunning(true);
    const outcome = await runWorkflow(definition.id, values);
    setRunning(false);
    if (outcome.type === 'invalid') setErrors(outcome.errors);
  };

  return (
    <form
      className="settings-form workflow-form"
      data-testid="workflow-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <p className="field-hint">{definition.description}</p>
      {definition.params.length > 0 && (
        <div className="field">
          <label className="field-label" htmlFor="wf-words">
            Fill from text
          </label>
          <div className="field-row">
            <input
              id="wf-words"
              type="text"
              value={words}
              placeholder="Describe what you want; the model fills the form"
              data-testid="workflow-words"
              onChange={(e) => setWords(e.target.value)}
            />
            <button
              type="button"
              className="button"
              disabled={extracting || !words.trim()}
              data-testid="workflow-extract"
              onClick={() => void fill(words)}
            >
              {extracting ? 'Filling…' : 'Fill'}
            </button>
          </div>
          {note && (
            <span className="field-hint" data-testid="workflow-extract-note">
              {note}
            </span>
          )}
        </div>
      )}
      {definition.params.map((param) => (
        <ParamField
          key={param.name}
          param={param}
          value={values[param.name]}
          error={errors[param.name]}
          onChange={(value: WorkflowParamValue) => setValues((current) => ({ ...current, [param.name]: value }))}
        />
      ))}
      {Object.entries(errors)
        .filter(([name]) => !definition.params.some((param) => param.name === name))
        .map(([name, message]) => (
          <p key={name} className="field-error" role="alert">
            {message}
          </p>
        ))}
      <ol className="workflow-step-list">
        {definition.steps.map((step, index) => (
          <li key={index}>
            {step.title ?? step.type} <span className="field-hint">({step.type === 'tool' ? step.tool : step.type})</span>
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button
          type="submit"
          className="button primary"
          data-testid="workflow-run"
          disabled={running}
          // With no field to fill, Run is where the form starts (else its first field).
          data-autofocus={definition.params.length === 0 ? true : undefined}
        >
          {running ? 'Starting…' : 'Run'}
        </button>
      </div>
    </form>
  );
}
