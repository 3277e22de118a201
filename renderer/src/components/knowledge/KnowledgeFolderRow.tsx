import { useId, useState } from 'react';
import type { KnowledgeFolderView } from '../../../../shared/knowledge/knowledge-folders';
import { useTaco } from '../../store/store-context';
import { scopeWords } from '../memory/memory-words';
import { AlertDialog } from '../ui/AlertDialog';
import { folderStateWords } from './knowledge-words';

/**
 * One knowledge folder in Settings → Knowledge: its path, where it reaches, its index's state
 * (progress while indexing), the files left out with why (folded), and Re-index and Remove (which
 * asks first). A folder from the command line is shown but kept: it belongs to that run.
 */
export function KnowledgeFolderRow({ folder }: { folder: KnowledgeFolderView }) {
  const projects = useTaco((state) => state.projects);
  const removeFolder = useTaco((state) => state.removeKnowledgeFolder);
  const reindexFolder = useTaco((state) => state.reindexKnowledgeFolder);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const act = async (action: () => Promise<{ ok: true } | { ok: false; message: string }>) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setConfirming(false);
    setError(result.ok ? null : result.message);
  };

  const indexing = folder.state === 'indexing';
  return (
    <li className="memory-row knowledge-row" data-testid="knowledge-row" data-folder={folder.folder}>
      <p className="knowledge-path" id={`${id}-path`}>
        <code>{folder.folder}</code>
      </p>
      <div className="memory-meta">
        <span className="memory-scope" data-testid="knowledge-scope">
          {folder.fromCommandLine ? 'Global (command line, this run only)' : scopeWords(folder.projectId, projects)}
        </span>
        <span className={folder.state === 'failed' ? 'field-error' : 'muted'} data-testid="knowledge-state" data-state={folder.state}>
          {folderStateWords(folder)}
        </span>
        {!folder.fromCommandLine && (
          <span className="memory-actions">
            <button
              type="button"
              className="button small"
              data-testid="knowledge-reindex"
              aria-describedby={`${id}-path`}
              disabled={busy || indexing}
              onClick={() => void act(() => reindexFolder(folder.folder))}
            >
              Re-index
            </button>
            <button
              type="button"
              className="button small danger"
              data-testid="knowledge-remove"
              aria-describedby={`${id}-path`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </button>
          </span>
        )}
      </div>
      {indexing && (
        <progress
          className="knowledge-progress"
          aria-label={`Indexing ${folder.folder}`}
          {...(folder.progress && folder.progress.total > 0 ? { max: folder.progress.total, value: folder.progress.done } : {})}
        />
      )}
      {folder.skipped.length > 0 && (
        <details className="knowledge-skipped" data-testid="knowledge-skipped">
          <summary>{folder.skipped.length === 1 ? '1 file left out' : `${folder.skipped.length.toLocaleString()} files left out`}</summary>
          <ul>
            {folder.skipped.map((skip) => (
              <li key={`${skip.file}\0${skip.reason}`}>
                <code>{skip.file === '' ? '(the folder)' : skip.file}</code>: {skip.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="knowledge-row-error">
          {error}
        </p>
      )}
      <AlertDialog
        open={confirming}
        title="Remove this knowledge folder?"
        description={
          <span>
            TACO forgets its index; the files in <code>{folder.folder}</code> stay as they are.
          </span>
        }
        confirmLabel="Remove"
        tone="danger"
        busy={busy}
        testId="knowledge-remove-dialog"
        onConfirm={() => void act(() => removeFolder(folder.folder))}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
