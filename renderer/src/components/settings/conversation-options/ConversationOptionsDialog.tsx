import { useState, type FormEvent } from 'react';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import { useTaco } from '../../../store/store-context';
import { draftFromOptions, parseOptionsDraft, type OptionsDraft } from './conversation-options-form';
import { Dialog } from '../../ui/Dialog';
import { ModelPicker } from '../../models/ModelPicker';
import { ContextFitHint } from './ContextFitHint';
import { ToolStepOptions } from './ToolStepOptions';
import { KnowledgeSearchOption } from './KnowledgeSearchOption';

const FIELDS: (keyof OptionsDraft)[] = ['temperature', 'numCtx', 'keepAlive', 'systemPrompt', 'toolMode', 'toolBudget', 'think'];

/** The field main's refusal names ("options.temperature" …), to mark it; null when it names none. */
export function fieldNamedIn(message: string): keyof OptionsDraft | null {
  return FIELDS.find((field) => message.includes(`options.${field}`)) ?? null;
}

/** The typed context size when it is one main would take (512..1,048,576 whole tokens), else null. */
function contextTokensOf(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 512 && value <= 1_048_576 ? value : null;
}

interface Props {
  summary: ConversationSummary;
  onClose(): void;
}

/** Model and parameters for one conversation; a value main refuses shows main's message and is not saved. */
export function ConversationOptionsDialog({ summary, onClose }: Props) {
  const selectedModel = useTaco((state) => state.selectedModel);
  const selectModel = useTaco((state) => state.selectModel);
  const save = useTaco((state) => state.saveConversationOptions);
  const [draft, setDraft] = useState<OptionsDraft>(() => draftFromOptions(summary.options));
  const [model, setModel] = useState(selectedModel ?? summary.model ?? '');
  const [error, setError] = useState<{ field: keyof OptionsDraft | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const tuned = useTaco((state) => (model ? (state.settings?.modelTuning?.[model] ?? null) : null));

  const edit = (field: keyof OptionsDraft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    setError(null);
  };
  const invalid = (field: keyof OptionsDraft) => error !== null && error.field === field;
  const described = (field: keyof OptionsDraft) => (invalid(field) ? 'options-error' : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseOptionsDraft(draft);
    if (parsed.type === 'error') return setError({ field: parsed.field, message: parsed.message });
    setSaving(true);
    const result = await save(summary.conversationId, parsed.options);
    setSaving(false);
    if (!result.ok) return setError({ field: fieldNamedIn(result.message), message: result.message });
    if (model && model !== selectedModel) void selectModel(model);
    onClose();
  };

  return (
    <Dialog title="Conversation options" testId="options-dialog" onClose={onClose}>
      <form className="settings-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <span className="field-label" id="options-model-label">
            Model
          </span>
          <ModelPicker field={{ value: model || null, onChange: setModel, testId: 'options-model', describedBy: 'options-model-hint' }} />
          <span className="field-hint" id="options-model-hint">
            Used for the next messages. It is the same choice as the model picker at the top.
          </span>
        </div>
        <div className="options-grid">
          <label className="field">
            <span className="field-label">Temperature</span>
            <input
              data-testid="options-temperature"
              inputMode="decimal"
              placeholder="Default"
              value={draft.temperature}
              onChange={edit('temperature')}
              aria-invalid={invalid('temperature')}
              aria-describedby={described('temperature')}
            />
            <span className="field-hint">0 (focused) to 2 (creative).</span>
          </label>
          <label className="field">
            <span className="field-label">Context tokens</span>
            <input
              data-testid="options-num-ctx"
              inputMode="numeric"
              placeholder="Default"
              value={draft.numCtx}
              onChange={edit('numCtx')}
              aria-invalid={invalid('numCtx')}
              aria-describedby={described('numCtx')}
            />
            <span className="field-hint">num_ctx: how much the model reads, from 512.</span>
          </label>
          <label className="field">
            <span className="field-label">Keep loaded</span>
            <input
              data-testid="options-keep-alive"
              placeholder="Default"
              spellCheck={false}
              value={draft.keepAlive}
              onChange={edit('keepAlive')}
              aria-invalid={invalid('keepAlive')}
              aria-describedby={described('keepAlive')}
            />
            <span className="field-hint">keep_alive: 5m, 1h, or 0 to unload after each answer.</span>
          </label>
        </div>
        <ContextFitHint model={model} contextTokens={contextTokensOf(draft.numCtx)} />
        <ToolStepOptions
          draft={draft}
          tuned={tuned}
          invalidBudget={invalid('toolBudget')}
          onChange={(patch) => {
            setDraft({ ...draft, ...patch });
            setError(null);
          }}
        />
        <KnowledgeSearchOption
          value={draft.searchKnowledge}
          projectId={summary.projectId}
          onChange={(searchKnowledge) => {
            setDraft({ ...draft, searchKnowledge });
            setError(null);
          }}
        />
        <label className="field">
          <span className="field-label">System prompt</span>
          <textarea
            data-testid="options-system-prompt"
            rows={5}
            placeholder="TACO’s own system prompt"
            value={draft.systemPrompt}
            onChange={edit('systemPrompt')}
            aria-invalid={invalid('systemPrompt')}
            aria-describedby={described('systemPrompt')}
          />
          <span className="field-hint">Added for this conversation only. Empty fields use the app’s defaults.</span>
        </label>
        {error && (
          <p id="options-error" className="field-error" role="alert" data-testid="options-error">
            {error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="options-save" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
