import type { SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/** The folder file and shell tools work in (checked in main: it must exist). */
export function WorkspaceSettings({ form, change }: Props) {
  return (
    <fieldset className="settings-section">
      <legend className="section-title">Workspace</legend>
      <label className="field">
        <span className="field-label">Workspace folder</span>
        <input
          data-testid="settings-workspace"
          value={form.workspace}
          onChange={(event) => change({ workspace: event.target.value })}
          placeholder="/home/you/projects/my-project"
          spellCheck={false}
          aria-describedby="settings-workspace-hint"
        />
        <span id="settings-workspace-hint" className="field-hint">
          The full path of the one folder the model may read and write. Leave empty for no file tools. In the desktop app, File → Choose
          Workspace Folder… opens a folder picker.
        </span>
      </label>
    </fieldset>
  );
}
