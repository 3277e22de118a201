import { useEffect, useId, useRef, useState } from 'react';
import type { Memory } from '../../../../shared/memory/memory';
import { useTaco } from '../../store/store-context';
import { AlertDialog } from '../ui/AlertDialog';
import { Select } from '../ui/Select';
import { GLOBAL, scopeFromValue, scopeOptions, scopeWords, sourceWords } from './memory-words';

/**
 * One note in Settings → Memory: its text (plain text: a note is whatever someone saved, never
 * markup), where it reaches and who saved it; Edit changes its text or scope, Delete asks first.
 * `focused`: a turn's "Remembered" link asked for this note: it is marked and scrolled into view.
 */
export function MemoryRow({ memory, focused }: { memory: Memory; focused: boolean }) {
  const projects = useTaco((state) => state.projects);
  const updateMemory = useTaco((state) => state.updateMemory);
  const removeMemory = useTaco((state) => state.removeMemory);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.text);
  const [scope, setScope] = useState(memory.projectId ?? GLOBAL);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const id = useId();

  useEffect(() => {
    if (focused) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focused]);

  const save = async () => {
    setBusy(true);
    const changes = {
      ...(text.trim() !== memory.text ? { text: text.trim() } : {}),
      ...(scopeFromValue(scope) !== memory.projectId ? { projectId: scopeFromValue(scope) } : {}),
    };
    const result = Object.keys(changes).length === 0 ? { ok: true as const } : await updateMemory(memory.memoryId, changes);
    setBusy(false);
    if (result.ok) {
      setEditing(false);
      setError(null);
    } else setError(result.message);
  };

  const remove = async () => {
    setBusy(true);
    const result = await removeMemory(memory.memoryId);
    setBusy(false);
    setConfirming(false);
    if (!result.ok) setError(result.message);
  };

  return (
    <li ref={row} className={`memory-row${focused ? ' memory-row-focused' : ''}`} data-testid="memory-row" data-memory-id={memory.memoryId}>
      {editing ? (
        <div className="memory-edit">
          <label className="field">
            <span className="field-label">Note</span>
            <textarea data-testid="memory-edit-text" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <label className="field-row">
            <span>Reaches</span>
            <Select data-testid="memory-edit-scope" value={scope} options={scopeOptions(projects)} onChange={setScope} />
          </label>
          <div className="memory-actions">
            <button type="button" className="button primary" data-testid="memory-edit-save" disabled={busy} onClick={() => void save()}>
              {busy ? 'Saving…' : 'Save note'}
            </button>
            <button
              type="button"
              className="button"
              data-testid="memory-edit-cancel"
              onClick={() => {
                setEditing(false);
                setText(memory.text);
                setScope(memory.projectId ?? GLOBAL);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="memory-text" data-testid="memory-text" id={`${id}-text`}>
            {memory.text}
          </p>
          <div className="memory-meta">
            <span className="memory-scope" data-testid="memory-scope">
              {scopeWords(memory.projectId, projects)}
            </span>
            <span className="muted">
              {sourceWords(memory)} · {new Date(memory.updatedAt).toLocaleDateString()}
            </span>
            <span className="memory-actions">
              <button
                type="button"
                className="button small"
                data-testid="memory-edit"
                aria-describedby={`${id}-text`}
                onClick={() => setEditing(true)}
              >
                Edit
              </button>
              <button
                type="button"
                className="button small danger"
                data-testid="memory-delete"
                aria-describedby={`${id}-text`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            </span>
          </div>
        </>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="memory-row-error">
          {error}
        </p>
      )}
      <AlertDialog
        open={confirming}
        title="Delete this note?"
        description={<span className="memory-quote">{memory.text}</span>}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        testId="memory-delete-dialog"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
