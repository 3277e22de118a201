import { useTaco } from '../../store/store-context';

/** What a new chat shows before the first message (and the project it starts in, if any). */
export function EmptyConversation({ hasModel }: { hasModel: boolean }) {
  const project = useTaco((state) => state.projects.find((entry) => entry.projectId === state.draftProjectId) ?? null);
  return (
    <div className="empty-conversation" data-testid="empty-conversation">
      <h2>What can I help with?</h2>
      {project && (
        <p className="draft-project" data-testid="draft-project">
          New chat in <strong>{project.name}</strong>
          {project.workspace ? (
            <>
              {' '}
              · works in <code>{project.workspace}</code>
            </>
          ) : null}
        </p>
      )}
      <p className="muted">
        {hasModel
          ? 'TACO runs your local model with tools: it can read and write files in your workspace, run commands and look things up — asking you before anything risky.'
          : 'Pick a model to start. TACO talks only to Ollama on your own machine.'}
      </p>
      <p className="muted small">
        Type <code>/</code> for commands, like <code>/tools</code> to see what the model can use.
      </p>
    </div>
  );
}
