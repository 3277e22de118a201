import type { SkillInstallPreview } from '../../../../shared/skills/skills';
import { SkillFileList } from './SkillFileList';
import { sizeWords } from './skill-words';

type Ready = Extract<SkillInstallPreview, { ok: true }>;

interface Props {
  preview: Ready;
  where: string;
  busy: boolean;
  error: string | null;
  onInstall(): void;
  onCancel(): void;
}

/** What an install would add, every file with its size and the scripts marked, before anything is added. */
export function SkillPreviewView({ preview, where, busy, error, onInstall, onCancel }: Props) {
  const scripts = preview.files.filter((file) => file.script).length;
  return (
    <section className="skill-preview" data-testid="skill-preview" aria-labelledby="skill-preview-title">
      <h4 id="skill-preview-title">
        Install “{preview.name}” for {where}?
      </h4>
      <p className="plain-text">{preview.description}</p>
      <p className="muted small" data-testid="skill-preview-summary">
        {preview.files.length === 1 ? '1 file' : `${preview.files.length} files`}, {sizeWords(preview.totalBytes)}
        {scripts > 0
          ? `; ${scripts === 1 ? '1 script' : `${scripts} scripts`}: TACO never runs them itself, the model can only ask to run one with run_command, which asks you first.`
          : '; no scripts.'}{' '}
        Nothing is added until you choose Install.
      </p>
      {preview.replaces && (
        <p className="card-warning" data-testid="skill-preview-replaces">
          ⚠ A skill named “{preview.name}” is installed there already: installing replaces it.
        </p>
      )}
      <SkillFileList files={preview.files} caption={`Files of ${preview.name}`} />
      {error && (
        <p className="field-error" role="alert" data-testid="skill-install-error">
          {error}
        </p>
      )}
      <div className="skill-actions">
        <button type="button" className="button primary" data-testid="skill-install" disabled={busy} onClick={onInstall}>
          {busy ? 'Installing…' : 'Install'}
        </button>
        <button type="button" className="button" data-testid="skill-preview-cancel" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
