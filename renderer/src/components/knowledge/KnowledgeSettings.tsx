import { useEffect, useState } from 'react';
import { useTaco } from '../../store/store-context';
import type { SettingsForm } from '../settings/settings-form';
import { Select } from '../ui/Select';
import { GLOBAL, scopeFromValue, scopeOptions } from '../memory/memory-words';
import { KnowledgeFolderRow } from './KnowledgeFolderRow';

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/**
 * Settings → Knowledge: the folders TACO answers from (search_knowledge), each global or for one
 * project, added, re-indexed and removed at once (main keeps them and indexes in the background;
 * progress arrives as it goes), and the embedding model the search ranks by meaning with (saved
 * with Save, like the other settings).
 */
export function KnowledgeSettings({ form, change }: Props) {
  const projects = useTaco((state) => state.projects);
  const folders = useTaco((state) => state.knowledgeFolders);
  const problem = useTaco((state) => state.knowledgeProblem);
  const loadError = useTaco((state) => state.knowledgeLoadError);
  const loadKnowledge = useTaco((state) => state.loadKnowledge);
  const addFolder = useTaco((state) => state.addKnowledgeFolder);
  const [path, setPath] = useState('');
  const [scope, setScope] = useState(GLOBAL);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  useEffect(() => {
    void loadKnowledge();
  }, [loadKnowledge]);

  const add = async () => {
    if (path.trim() === '') {
      setAddError('Write the full path of a folder first.');
      return;
    }
    setAdding(true);
    const result = await addFolder(path.trim(), scopeFromValue(scope));
    setAdding(false);
    if (result.ok) {
      setPath('');
      setAddError(null);
    } else setAddError(result.message);
  };

  return (
    <div className="memory-settings knowledge-settings" data-testid="knowledge-settings">
      <section className="settings-section" aria-labelledby="knowledge-folders-title">
        <h3 id="knowledge-folders-title" className="section-title">
          Folders
        </h3>
        <p className="field-hint">
          The model searches these folders with search_knowledge and cites what it found as [1], [2]; a citation opens its passage. Text,
          markdown, code, HTML, PDF and Word files are read; hidden files, TACO&apos;s data folder and private folders (keys, passwords)
          never are. A project&apos;s folders reach only that project&apos;s conversations.
        </p>
        {problem && (
          <p className="field-error" role="alert" data-testid="knowledge-problem">
            {problem}
          </p>
        )}
        {loadError && (
          <p className="field-error" role="alert" data-testid="knowledge-load-error">
            {loadError}
          </p>
        )}
        <div className="memory-add">
          <label className="field">
            <span className="field-label">Folder</span>
            <input
              type="text"
              data-testid="knowledge-add-path"
              value={path}
              spellCheck={false}
              placeholder="/home/you/notes"
              onChange={(event) => setPath(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void add();
                }
              }}
            />
          </label>
          <div className="memory-add-row">
            <label className="field-row">
              <span>Reaches</span>
              <Select data-testid="knowledge-add-scope" value={scope} options={scopeOptions(projects)} onChange={setScope} />
            </label>
            <button type="button" className="button" data-testid="knowledge-add" disabled={adding} onClick={() => void add()}>
              {adding ? 'Adding…' : 'Add folder'}
            </button>
          </div>
          {addError && (
            <p className="field-error" role="alert" data-testid="knowledge-add-error">
              {addError}
            </p>
          )}
        </div>
        {folders.length === 0 ? (
          <p className="muted" data-testid="knowledge-empty">
            No folders yet.
          </p>
        ) : (
          <ul className="memory-list" data-testid="knowledge-list" aria-label="Knowledge folders">
            {folders.map((folder) => (
              <KnowledgeFolderRow key={folder.folder} folder={folder} />
            ))}
          </ul>
        )}
      </section>

      <fieldset className="settings-section">
        <legend className="section-title">Search by meaning</legend>
        <label className="field">
          <span className="field-label">Embedding model</span>
          <input
            type="text"
            data-testid="knowledge-embedding-model"
            placeholder="none: search by words only"
            value={form.embeddingModel}
            spellCheck={false}
            onChange={(event) => change({ embeddingModel: event.target.value })}
          />
          <span className="field-hint">
            An Ollama embedding model (for example nomic-embed-text) adds search by meaning to the search by words; the same model ranks
            tools. Passages are embedded again when it changes. Saved with Save.
          </span>
        </label>
      </fieldset>
    </div>
  );
}
