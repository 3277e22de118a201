/** What a new chat shows before the first message. */
export function EmptyConversation({ hasModel }: { hasModel: boolean }) {
  return (
    <div className="empty-conversation" data-testid="empty-conversation">
      <h2>What can I help with?</h2>
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
