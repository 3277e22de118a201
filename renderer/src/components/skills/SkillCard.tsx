import { useState } from 'react';
import type { SkillSummary } from '../../../../shared/skills/skills';
import { useTaco } from '../../store/store-context';
import { AlertDialog } from '../ui/AlertDialog';
import { showToast } from '../ui/toast-queue';
import { SkillFileList } from './SkillFileList';
import { removableSkill, SKILL_SOURCE_WORDS, sizeWords } from './skill-words';

/** One skill in the catalogue: where it comes from, what it is for, its files and scripts; Remove for the ones TACO installed. */
export function SkillCard({ skill, projectId }: { skill: SkillSummary; projectId: string | null }) {
  const removeSkill = useTaco((state) => state.removeSkill);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `skill-${skill.name}`;
  const total = skill.files.reduce((sum, file) => sum + file.bytes, 0);

  const remove = async () => {
    setBusy(true);
    const result = await removeSkill(skill.folder, projectId);
    setBusy(false);
    if (result.ok) {
      setConfirming(false);
      showToast({ title: `Removed the skill “${skill.name}”.` });
    } else setError(result.message);
  };

  return (
    <article
      className="catalogue-tool"
      data-testid="skill-card"
      data-skill={skill.name}
      data-source={skill.source}
      aria-labelledby={headingId}
    >
      <header className="catalogue-tool-head">
        <h4 id={headingId}>{skill.name}</h4>
        <span className="badge" data-testid="skill-source" title={skill.folder}>
          {SKILL_SOURCE_WORDS[skill.source]}
        </span>
        {skill.scripts.length > 0 && (
          <span className="badge approval-ask" title="Scripts run only through run_command, which asks you first">
            {skill.scripts.length === 1 ? '1 script' : `${skill.scripts.length} scripts`}
          </span>
        )}
      </header>
      <p className="plain-text">{skill.description}</p>
      <p className="muted small skill-folder">
        <code>{skill.folder}</code>
      </p>
      <details className="usage">
        <summary>
          {skill.files.length === 1 ? '1 file' : `${skill.files.length} files`}, {sizeWords(total)}
        </summary>
        <SkillFileList files={skill.files} caption={`Files of ${skill.name}`} />
      </details>
      {removableSkill(skill) && (
        <div className="button-row">
          <button
            type="button"
            className="button ghost"
            data-testid="skill-remove"
            aria-describedby={headingId}
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
          >
            Remove
          </button>
        </div>
      )}
      <AlertDialog
        open={confirming}
        title={`Remove the skill “${skill.name}”?`}
        description={`Its folder and every file in it are deleted, and no conversation is offered it any more. This cannot be undone.`}
        confirmLabel={busy ? 'Removing…' : 'Remove'}
        tone="danger"
        busy={busy}
        testId="skill-remove-dialog"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </AlertDialog>
    </article>
  );
}
