import { useTaco } from '../../store/store-context';
import type { SettingsForm } from './settings-form';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/** The folder file and shell tools work in (checked in main: it must exist). */
export function WorkspaceSettings({ form, change }: Props) {
  // Main's word on the saved folder: it contains TACO's data folder (file tools refuse that part).
  const notice = useTaco((state) => state.settings?.workspaceNotice);
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
      {notice && (
        <p className="card-warning" role="alert" data-testid="settings-workspace-notice">
          ⚠ {notice}
        </p>
      )}
    </fieldset>
  );
}
