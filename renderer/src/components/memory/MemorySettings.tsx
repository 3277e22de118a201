import { useEffect, useState } from 'react';
import type { MemoryFilter } from '../../../../shared/memory/memory';
import { useTaco } from '../../store/store-context';
import { defaultPolicy, type ApprovalChoice } from '../catalogue/tool-approval-choice';
import type { SettingsForm } from '../settings/settings-form';
import { Select } from '../ui/Select';
import { MemoryRow } from './MemoryRow';
import { GLOBAL, scopeFromValue, scopeOptions } from './memory-words';

const SAVING_WORDS: Record<Exclude<ApprovalChoice, 'default'>, string> = {
  ask: 'Ask me each time',
  allow: 'Save without asking',
  never: 'Never save',
};

/** The list filter as the select's value: "all", "global" or a project id. */
const filterValue = (filter: MemoryFilter): string => (filter.type === 'project' ? filter.projectId : filter.type);
const filterFromValue = (value: string): MemoryFilter =>
  value === 'all' || value === 'global' ? { type: value } : { type: 'project', projectId: value };

interface Props {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
}

/**
 * Settings → Memory: the rule for notes the model saves (save_memory's approval, saved with Save
 * like the other settings), then the notes themselves, added, edited and deleted at once (main
 * keeps them; Cancel does not bring a deleted note back). The list shows every note, the global
 * ones, or what one project's conversations see (its notes and the global ones).
 */
export function MemorySettings({ form, change }: Props) {
  const projects = useTaco((state) => state.projects);
  const memories = useTaco((state) => state.memories);
  const filter = useTaco((state) => state.memoryFilter);
  const problem = useTaco((state) => state.memoryProblem);
  const loadError = useTaco((state) => state.memoryLoadError);
  const focus = useTaco((state) => state.memoryFocus);
  const loadMemories = useTaco((state) => state.loadMemories);
  const addMemory = useTaco((state) => state.addMemory);
  const [text, setText] = useState('');
  const [scope, setScope] = useState(GLOBAL);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  useEffect(() => {
    void loadMemories();
  }, [loadMemories]);

  const add = async () => {
    if (text.trim() === '') {
      setAddError('Write the note first.');
      return;
    }
    setAdding(true);
    const result = await addMemory(text.trim(), scopeFromValue(scope));
    setAdding(false);
    if (result.ok) {
      setText('');
      setAddError(null);
    } else setAddError(result.message);
  };

  const fallback = SAVING_WORDS[defaultPolicy({ requiresApproval: true, risk: 'write' }, form.approvals)];
  return (
    <div className="memory-settings" data-testid="memory-settings">
      <fieldset className="settings-section">
        <legend className="section-title">When the model wants to remember something</legend>
        <label className="field-row">
          <span>Saving notes</span>
          <Select
            data-testid="settings-memory-saving"
            value={form.memorySaving}
            options={[
              { value: 'default', label: `Default (${fallback})` },
              { value: 'ask', label: SAVING_WORDS.ask },
              { value: 'allow', label: SAVING_WORDS.allow },
              { value: 'never', label: SAVING_WORDS.never },
            ]}
            onChange={(memorySaving) => change({ memorySaving })}
          />
        </label>
        <span className="field-hint">
          The model saves a note with save_memory (the same choice is on its card in Tools). Asking shows you the note before it is kept;
          never saving stops the model from being offered the tool. A note saved in a project&apos;s conversation belongs to that project.
        </span>
      </fieldset>

      <section className="settings-section" aria-labelledby="memory-notes-title">
        <h3 id="memory-notes-title" className="section-title">
          Notes
        </h3>
        <p className="field-hint">
          Before each answer TACO puts the notes most relevant to your message in the model&apos;s prompt (a small, fixed share of it) and
          shows them on the turn as “Remembered”. A project&apos;s notes reach only that project&apos;s conversations; global notes reach
          every conversation. Notes are added, changed and deleted at once.
        </p>
        {problem && (
          <p className="field-error" role="alert" data-testid="memory-problem">
            {problem}
          </p>
        )}
        {loadError && (
          <p className="field-error" role="alert" data-testid="memory-load-error">
            {loadError}
          </p>
        )}
        <div className="memory-add">
          <label className="field">
            <span className="field-label">New note</span>
            <textarea
              data-testid="memory-add-text"
              rows={2}
              value={text}
              placeholder="For example: I prefer metric units."
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <div className="memory-add-row">
            <label className="field-row">
              <span>Reaches</span>
              <Select data-testid="memory-add-scope" value={scope} options={scopeOptions(projects)} onChange={setScope} />
            </label>
            <button type="button" className="button" data-testid="memory-add" disabled={adding} onClick={() => void add()}>
              {adding ? 'Adding…' : 'Add note'}
            </button>
          </div>
          {addError && (
            <p className="field-error" role="alert" data-testid="memory-add-error">
              {addError}
            </p>
          )}
        </div>
        <label className="field-row">
          <span>Show</span>
          <Select
            data-testid="memory-filter"
            value={filterValue(filter)}
            options={[
              { value: 'all', label: 'Every note' },
              { value: 'global', label: 'Global notes' },
              ...projects.map((project) => ({ value: project.projectId, label: `What “${project.name}” sees` })),
            ]}
            onChange={(value) => void loadMemories(filterFromValue(value))}
          />
        </label>
        {memories.length === 0 ? (
          <p className="muted" data-testid="memory-empty">
            No notes here yet.
          </p>
        ) : (
          <ul className="memory-list" data-testid="memory-list" aria-label="Notes in memory">
            {memories.map((memory) => (
              <MemoryRow key={`${memory.memoryId}-${memory.updatedAt}`} memory={memory} focused={memory.memoryId === focus} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
