/**
 * The warning shown when a prompt filled the model's context window (issue 13): the numbers, what
 * it means, and what to do. One text for the UI and the CLI.
 */
export function truncationWarning(promptTokens: number, contextTokens: number): string {
  return (
    `The prompt filled the model's context window (${promptTokens} of ${contextTokens} tokens), so Ollama dropped its start, ` +
    'tool definitions included. Raise the context in Conversation options, or use fewer tools.'
  );
}
