import { useEffect, useState } from 'react';
import type { WorkflowProblem } from '../../../../shared/workflows/workflow';
import { Dialog } from '../ui/Dialog';
import { useTaco } from '../../store/store-context';

/** "Save as workflow": the draft JSON in a plain editor, validated by main as you type. */
export function SaveAsWorkflowDialog() {
  const draft = useTaco((state) => state.workflowDraft);
  const close = useTaco((state) => state.openWorkflowDraft);
  const validate = useTaco((state) => state.validateWorkflowDraft);
  const save = useTaco((state) => state.saveWorkflowDraft);
  const [content, setContent] = useState(draft ?? '');
  const [problems, setProblems] = useState<WorkflowProblem[] | null>(null);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void validate(content).then((result) => {
        if (current && result) setProblems(result.problems);
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content, validate]);

  if (draft === null) return null;
  return (
    <Dialog title="Save as workflow" testId="workflow-draft" onClose={() => close(null)} size="wide">
      <p className="field-hint">
        Name the parts that change as params (add them to <code>params</code> and write <code>{'{{name}}'}</code> in the prompt).
      </p>
      <textarea
        className="workflow-draft-editor"
        rows={18}
        spellCheck={false}
        value={content}
        data-testid="workflow-draft-editor"
        onChange={(e) => setContent(e.target.value)}
      />
      <div data-testid="workflow-draft-problems" aria-live="polite">
        {problems === null ? null : problems.length === 0 ? (
          <p className="field-hint">Valid.</p>
        ) : (
          <ul>
            {problems.map((problem, index) => (
              <li key={index} className="field-error">
                {problem.field ? `“${problem.field}”: ` : ''}
                {problem.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => close(null)}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="workflow-draft-save"
          disabled={problems === null || problems.length > 0}
          onClick={() =>
            void save(content).then((result) => {
              if (result && !result.ok) setProblems(result.problems);
            })
          }
        >
          Save
        </button>
      </div>
    </Dialog>
  );
}
