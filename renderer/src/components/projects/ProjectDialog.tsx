import { useEffect, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useTaco } from '../../store/store-context';
import { ModelPicker } from '../models/ModelPicker';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { Switch } from '../ui/Switch';
import { LimitField } from '../settings/LimitField';
import { PROJECT_LIMITS, projectFields, projectForm, type ProjectForm } from './project-form';

/**
 * A new project, or a project's settings: its name, workspace folder, the model and system prompt
 * preset its new chats start with, and its tool limits (empty: as in Settings). Main checks the
 * folder and the preset; what it refuses is shown here and nothing is saved.
 */
export function ProjectDialog() {
  const dialog = useTaco((state) => state.projectDialog);
  const project = useTaco((state) =>
    state.projectDialog.type === 'edit'
      ? (state.projects.find((entry) => entry.projectId === (state.projectDialog as { projectId: string }).projectId) ?? null)
      : null,
  );
  if (dialog.type === 'closed') return null;
  if (dialog.type === 'edit' && !project) return null;
  return <ProjectFormDialog key={project?.projectId ?? 'new'} projectId={project?.projectId ?? null} initial={projectForm(project)} />;
}

function ProjectFormDialog({ projectId, initial }: { projectId: string | null; initial: ProjectForm }) {
  const close = useTaco((state) => state.setProjectDialog);
  const create = useTaco((state) => state.createProject);
  const update = useTaco((state) => state.updateProject);
  const presets = useTaco((state) => state.presets);
  const loadPresets = useTaco((state) => state.loadPresets);
  const limits = useTaco((state) => state.settings?.limits);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (presets === null) void loadPresets();
  }, [presets, loadPresets]);

  const change = (patch: Partial<ProjectForm>) => setForm((current) => ({ ...current, ...patch }));
  const save = async () => {
    const result = projectFields(form);
    if (!result.ok) return setError({ message: result.message, field: result.field });
    setSaving(true);
    const saved = projectId === null ? await create(result.fields) : await update(projectId, result.fields);
    setSaving(false);
    if (saved.ok) close({ type: 'closed' });
    else setError({ message: saved.message, field: null });
  };
  const settingsValue = (field: (typeof PROJECT_LIMITS)[number]['field']): string => {
    if (!limits) return '';
    if (field === 'timeoutSeconds') return String(Math.round(limits.runTimeoutMs / 1000));
    return String(limits[field]);
  };
  const presetOptions = [{ value: '', label: 'None' }, ...(presets ?? []).map((preset) => ({ value: preset.id, label: preset.name }))];

  return (
    <Dialog
      title={projectId === null ? 'New project' : 'Project settings'}
      testId="project-dialog"
      onClose={() => close({ type: 'closed' })}
      description="New chats in the project start with its model and preset, and work in its folder with its tool limits."
    >
      <form
        className="project-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span className="field-label">Name</span>
          <input
            data-testid="project-name"
            data-autofocus
            value={form.name}
            maxLength={80}
            aria-invalid={error?.field === 'name'}
            onChange={(event) => change({ name: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Workspace folder</span>
          <input
            data-testid="project-workspace"
            value={form.workspace}
            placeholder="/home/you/projects/garden"
            spellCheck={false}
            aria-describedby="project-workspace-hint"
            onChange={(event) => change({ workspace: event.target.value })}
          />
          <span id="project-workspace-hint" className="field-hint">
            The full path of the folder file and shell tools work in for this project. Empty: the workspace in Settings.
          </span>
        </label>
        <div className="field">
          <span className="field-label" id="project-model-label">
            Default model
          </span>
          <span className="field-inline">
            <ModelPicker
              field={{
                value: form.defaultModel,
                onChange: (model) => change({ defaultModel: model }),
                testId: 'project-model',
                describedBy: 'project-model-label',
              }}
            />
            {form.defaultModel && (
              <button
                type="button"
                className="button ghost small"
                data-testid="project-model-clear"
                onClick={() => change({ defaultModel: null })}
              >
                No default
              </button>
            )}
          </span>
          <span className="field-hint">Empty: new chats start with the model picked in the window.</span>
        </div>
        <label className="field">
          <span className="field-label">System prompt preset</span>
          <Select
            data-testid="project-preset"
            value={form.presetId}
            options={presetOptions}
            onChange={(presetId) => change({ presetId })}
          />
        </label>
        <label className="field">
          <span className="field-label">Instructions</span>
          <textarea
            data-testid="project-instructions"
            value={form.instructions}
            rows={4}
            maxLength={DEFAULTS.projects.maxInstructionsChars}
            placeholder="For example: answer in British English; the code here is Python 3.12."
            aria-describedby="project-instructions-hint"
            aria-invalid={error?.field === 'instructions'}
            onChange={(event) => change({ instructions: event.target.value })}
          />
          <span id="project-instructions-hint" className="field-hint">
            The model reads these in every chat of this project, after its system prompt. At most{' '}
            {DEFAULTS.projects.maxInstructionsChars.toLocaleString()} characters.
          </span>
        </label>
        <div className="field">
          <Switch
            checked={form.searchKnowledge}
            onChange={(searchKnowledge) => change({ searchKnowledge })}
            testId="project-search-knowledge"
            ariaDescribedBy="project-search-knowledge-hint"
          >
            Search my knowledge folders on every message
          </Switch>
          <span id="project-search-knowledge-hint" className="field-hint">
            Before each message in this project TACO searches the global folders and the project’s, and gives the model the best passages to
            cite. A conversation’s options can say otherwise.
          </span>
        </div>
        <fieldset className="settings-section">
          <legend className="section-title">Tool limits</legend>
          <p className="field-hint">Empty fields follow Settings → Limits.</p>
          <div className="settings-grid">
            {PROJECT_LIMITS.map(({ field, label, min, max, unit }) => (
              <LimitField
                key={field}
                label={label}
                min={min}
                max={max}
                unit={unit}
                testId={`project-limit-${field}`}
                value={form[field]}
                placeholder={settingsValue(field)}
                invalid={error?.field === field}
                onChange={(value) => change({ [field]: value })}
              />
            ))}
          </div>
        </fieldset>
        {error && (
          <p className="field-error" role="alert" data-testid="project-error">
            {error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => close({ type: 'closed' })}>
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="project-save" disabled={saving}>
            {projectId === null ? 'Create project' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
