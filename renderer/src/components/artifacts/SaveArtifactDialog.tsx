import { useState, type FormEvent } from 'react';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';

/** The built-in workflow whose one step is write_file (workflows/files/save_text_to_file.json). */
export const SAVE_WORKFLOW_ID = 'save_text_to_file';

interface Props {
  code: string;
  suggestedPath: string;
  onClose(): void;
}

/**
 * "Save to workspace": asks where, then runs the save workflow in this conversation. Its one step is
 * write_file through the same gates as a model's call, so main shows the approval card with the
 * diff and decides; nothing is written from here.
 */
export function SaveArtifactDialog({ code, suggestedPath, onClose }: Props) {
  const runWorkflow = useTaco((state) => state.runWorkflow);
  const [path, setPath] = useState(suggestedPath);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await runWorkflow(SAVE_WORKFLOW_ID, { path: path.trim(), content: code });
    setBusy(false);
    if (result.type === 'started') return onClose();
    if (result.type === 'invalid') setError(Object.values(result.errors).join(' ') || 'Those values were refused.');
  };

  return (
    <Dialog title="Save to workspace" testId="artifact-save-dialog" onClose={onClose}>
      <form className="settings-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label className="field-label" htmlFor="artifact-save-path">
            File in the workspace
          </label>
          <input
            id="artifact-save-path"
            data-autofocus
            value={path}
            onChange={(event) => setPath(event.target.value)}
            aria-describedby="artifact-save-hint"
          />
          <p id="artifact-save-hint" className="field-hint">
            You approve the write, and see its diff, in the conversation before anything is written.
          </p>
          {error !== null && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || path.trim().length === 0} data-testid="artifact-save-submit">
            Save…
          </button>
        </div>
      </form>
    </Dialog>
  );
}
