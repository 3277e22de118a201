import { useTaco } from '../../../store/store-context';
import { Switch } from '../../ui/Switch';

interface Props {
  /** The conversation's own choice; null follows its project (else off). */
  value: boolean | null;
  projectId: string | undefined;
  onChange(value: boolean | null): void;
}

/**
 * "Search my knowledge folders on every message" for one conversation: the switch shows what its
 * runs will do (its own choice, else its project's, else off); turning it sets the conversation's
 * own choice, and "As the project" gives the choice back to the project.
 */
export function KnowledgeSearchOption({ value, projectId, onChange }: Props) {
  const project = useTaco((state) => (projectId ? (state.projects.find((entry) => entry.projectId === projectId) ?? null) : null));
  const fromProject = project?.searchKnowledge ?? false;
  const follows = value === null;
  const why = follows
    ? project
      ? `As the project “${project.name}”: ${fromProject ? 'on' : 'off'}.`
      : 'Off unless you turn it on.'
    : project
      ? `This conversation’s own choice; the project “${project.name}” says ${fromProject ? 'on' : 'off'}.`
      : 'This conversation’s own choice.';
  return (
    <div className="field">
      <Switch
        checked={value ?? fromProject}
        onChange={(on) => onChange(on)}
        testId="options-search-knowledge"
        ariaDescribedBy="options-search-knowledge-hint"
      >
        Search my knowledge folders on every message
      </Switch>
      <span className="field-hint" id="options-search-knowledge-hint" data-testid="options-search-knowledge-hint">
        Before each message TACO searches the global folders and this conversation’s project’s, and gives the model the best passages to
        cite. Off: only when the model searches. {why}
      </span>
      {!follows && project && (
        <span>
          <button type="button" className="button ghost small" data-testid="options-search-knowledge-follow" onClick={() => onChange(null)}>
            As the project
          </button>
        </span>
      )}
    </div>
  );
}
