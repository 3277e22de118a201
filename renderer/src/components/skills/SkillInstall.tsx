import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import type { SkillInstallFrom, SkillInstallPreview, SkillInstallTarget } from '../../../../shared/skills/skills';
import { useTaco } from '../../store/store-context';
import { Select } from '../ui/Select';
import { Tabs } from '../ui/Tabs';
import { showToast } from '../ui/toast-queue';
import { PathField } from '../workflows/PathField';
import { SkillPreviewView } from './SkillPreviewView';
import { fileAsBase64, sizeWords } from './skill-words';

type Source = 'folder' | 'zip' | 'git';
type Scope = 'global' | 'project';

interface Props {
  /** The open conversation's project, when it has one: the skill may go there instead of to every conversation. */
  project: { projectId: string; name: string } | null;
  onClose(): void;
}

/**
 * Add a skill from a folder (typed, or browsed in the workspace), a zip (picked, or its path) or a
 * git address: main stages it and lists every file, size and script; Install adds exactly those, Cancel nothing.
 */
export function SkillInstall({ project, onClose }: Props) {
  const previewSkill = useTaco((state) => state.previewSkill);
  const installSkill = useTaco((state) => state.installSkill);
  const cancelSkillPreview = useTaco((state) => state.cancelSkillPreview);
  const [source, setSource] = useState<Source>('folder');
  const [folder, setFolder] = useState('');
  const [zipPath, setZipPath] = useState('');
  const [url, setUrl] = useState('');
  const [scope, setScope] = useState<Scope>('global');
  const [preview, setPreview] = useState<SkillInstallPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [installError, setInstallError] = useState<string | null>(null);
  const zipInput = useRef<HTMLInputElement>(null);

  const target: SkillInstallTarget =
    scope === 'project' && project ? { scope: 'project', projectId: project.projectId } : { scope: 'global' };
  const where = target.scope === 'project' && project ? `the project “${project.name}”` : 'every conversation';
  const projectId = project?.projectId ?? null;

  const ask = async (from: SkillInstallFrom) => {
    if (preview?.ok) void cancelSkillPreview(preview.previewId);
    setBusy(true);
    setInstallError(null);
    setPreview(await previewSkill(from, target));
    setBusy(false);
  };
  const submit = (from: SkillInstallFrom | null) => (event: FormEvent) => {
    event.preventDefault();
    if (from && !busy) void ask(from);
  };
  const onZipPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > DEFAULTS.skills.maxUploadBytes) {
      setPreview({
        ok: false,
        reason: `“${file.name}” is larger than ${sizeWords(DEFAULTS.skills.maxUploadBytes)}: type its path below instead.`,
      });
      return;
    }
    void ask({ kind: 'zip-upload', name: file.name, base64: await fileAsBase64(file) });
  };
  const install = async () => {
    if (!preview?.ok) return;
    setBusy(true);
    const result = await installSkill(preview.previewId, projectId);
    setBusy(false);
    if (!result.ok) return setInstallError(result.message);
    showToast({ title: `Installed the skill “${preview.name}” for ${where}.` });
    setPreview(null);
    onClose();
  };
  const cancel = () => {
    if (preview?.ok) void cancelSkillPreview(preview.previewId);
    setPreview(null);
  };
  const close = () => {
    cancel();
    onClose();
  };

  const previewButton = (disabled: boolean) => (
    <button type="submit" className="button" data-testid="skill-preview-button" disabled={disabled || busy}>
      {busy ? 'Reading…' : 'Show what it contains'}
    </button>
  );

  return (
    <section className="skill-install" data-testid="skill-install-panel" aria-labelledby="skill-install-title">
      <div className="skill-install-head">
        <h4 id="skill-install-title">Add a skill</h4>
        <button type="button" className="button ghost" data-testid="skill-install-close" onClick={close}>
          Close
        </button>
      </div>
      {project && (
        <label className="field">
          <span className="field-label">For</span>
          <Select<Scope>
            data-testid="skill-install-scope"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'global', label: 'Every conversation' },
              { value: 'project', label: `The project “${project.name}”` },
            ]}
          />
        </label>
      )}
      <Tabs
        label="Where the skill comes from"
        value={source}
        onValueChange={(value) => setSource(value as Source)}
        tabs={[
          {
            value: 'folder',
            label: 'Folder',
            testId: 'skill-from-folder',
            content: (
              <form className="skill-install-form" onSubmit={submit(folder.trim() ? { kind: 'folder', path: folder.trim() } : null)}>
                <label className="field-label" htmlFor="skill-folder">
                  The skill’s folder (it holds SKILL.md)
                </label>
                <PathField
                  id="skill-folder"
                  kind="folder"
                  value={folder}
                  onChange={setFolder}
                  testIdPrefix="skill"
                  describedBy="skill-folder-hint"
                />
                <span id="skill-folder-hint" className="field-hint">
                  A full path, or Browse… the workspace.
                </span>
                {previewButton(folder.trim() === '')}
              </form>
            ),
          },
          {
            value: 'zip',
            label: 'Zip',
            testId: 'skill-from-zip',
            content: (
              <form className="skill-install-form" onSubmit={submit(zipPath.trim() ? { kind: 'zip', path: zipPath.trim() } : null)}>
                <div className="field-row">
                  <button
                    type="button"
                    className="button"
                    data-testid="skill-zip-pick"
                    disabled={busy}
                    onClick={() => zipInput.current?.click()}
                  >
                    Choose a zip…
                  </button>
                  <span className="field-hint">Up to {sizeWords(DEFAULTS.skills.maxUploadBytes)}; a larger one by its path.</span>
                </div>
                <input
                  ref={zipInput}
                  type="file"
                  accept=".zip,application/zip"
                  hidden
                  data-testid="skill-zip-file"
                  aria-label="Skill zip to install"
                  onChange={(event) => void onZipPicked(event)}
                />
                <label className="field-label" htmlFor="skill-zip-path">
                  Or the zip’s path on this computer
                </label>
                <input
                  id="skill-zip-path"
                  type="text"
                  data-testid="skill-zip-path"
                  placeholder="/path/to/skill.zip"
                  value={zipPath}
                  onChange={(event) => setZipPath(event.target.value)}
                />
                {previewButton(zipPath.trim() === '')}
              </form>
            ),
          },
          {
            value: 'git',
            label: 'Git',
            testId: 'skill-from-git',
            content: (
              <form className="skill-install-form" onSubmit={submit(url.trim() ? { kind: 'git', url: url.trim() } : null)}>
                <label className="field-label" htmlFor="skill-git-url">
                  Repository address (https)
                </label>
                <input
                  id="skill-git-url"
                  type="url"
                  data-testid="skill-git-url"
                  placeholder="https://github.com/owner/skill.git"
                  value={url}
                  aria-describedby="skill-git-hint"
                  onChange={(event) => setUrl(event.target.value)}
                />
                <span id="skill-git-hint" className="field-hint">
                  Cloned with git inside the command sandbox, reaching only the repository’s host.
                </span>
                {previewButton(url.trim() === '')}
              </form>
            ),
          },
        ]}
      />
      {preview && !preview.ok && (
        <p className="field-error" role="alert" data-testid="skill-preview-refused">
          {preview.reason}
        </p>
      )}
      {preview?.ok && (
        <SkillPreviewView
          preview={preview}
          where={where}
          busy={busy}
          error={installError}
          onInstall={() => void install()}
          onCancel={cancel}
        />
      )}
    </section>
  );
}
