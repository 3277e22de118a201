import { useMemo, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { useTaco } from '../../store/store-context';
import { WorkflowForm } from './WorkflowForm';
import { filterWorkflows } from './workflow-search';

/** The workflow picker: search, workflows grouped by category, then the chosen one's form. */
export function WorkflowPicker() {
  const picker = useTaco((state) => state.workflowPicker);
  const listed = useTaco((state) => state.workflows);
  const close = useTaco((state) => state.closeWorkflowPicker);
  const open = useTaco((state) => state.openWorkflowPicker);
  const [query, setQuery] = useState('');
  const groups = useMemo(() => filterWorkflows(listed?.categories ?? [], query), [listed, query]);
  if (!picker) return null;

  const chosen = picker.workflowId
    ? (listed?.categories.flatMap((group) => group.workflows).find((info) => info.definition.id === picker.workflowId) ?? null)
    : null;
  if (picker.workflowId && listed && !chosen) {
    return (
      <Dialog title="Workflows" testId="workflow-picker" onClose={close} view="missing">
        <p className="field-error" role="alert">
          There is no workflow “{picker.workflowId}”. Pick one from the list.
        </p>
        <button type="button" className="button" onClick={() => open(null, null)}>
          Show the list
        </button>
      </Dialog>
    );
  }
  if (chosen) {
    return (
      <Dialog title={chosen.definition.name} testId="workflow-picker" onClose={close} size="wide" view={chosen.definition.id}>
        <WorkflowForm key={chosen.definition.id} info={chosen} initialText={picker.text} onBack={() => open(null, null)} />
      </Dialog>
    );
  }
  return (
    <Dialog title="Workflows" testId="workflow-picker" onClose={close} size="wide" view="list">
      <input
        className="catalogue-search"
        type="search"
        placeholder="Search workflows"
        aria-label="Search workflows"
        data-autofocus
        data-testid="workflow-search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter picks the workflow when the search leaves exactly one.
          const matches = groups.flatMap((group) => group.workflows);
          if (event.key !== 'Enter' || matches.length !== 1 || !matches[0]) return;
          event.preventDefault();
          open(matches[0].definition.id, null);
        }}
      />
      {!listed && <p className="field-hint">Loading…</p>}
      {listed && groups.length === 0 && <p className="field-hint">No workflow matches “{query}”.</p>}
      {groups.map((group) => (
        <section key={group.category} className="workflow-category" aria-label={group.category}>
          <h3>{group.category}</h3>
          {group.workflows.map((info) => (
            <button
              key={info.definition.id}
              type="button"
              className="catalogue-tool workflow-choice"
              data-testid="workflow-choice"
              data-workflow-id={info.definition.id}
              onClick={() => open(info.definition.id, null)}
            >
              <strong>{info.definition.name}</strong> <code>{info.definition.id}</code>
              <span className="field-hint">{info.definition.description}</span>
            </button>
          ))}
        </section>
      ))}
      {listed && listed.problems.length > 0 && (
        <details className="field-hint">
          <summary>{listed.problems.length} workflow file(s) could not be loaded</summary>
          <ul>
            {listed.problems.map((problem, index) => (
              <li key={index}>
                <code>{problem.file}</code>
                {problem.field ? ` field “${problem.field}”` : ''}: {problem.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Dialog>
  );
}
