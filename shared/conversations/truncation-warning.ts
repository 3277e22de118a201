/**
 * The warning shown when a prompt did not fit the model's context window: the numbers, what
 * it means, and what to do. One text for the UI and the CLI.
 */
export function truncationWarning(promptTokens: number, contextTokens: number): string {
  return (
    `The prompt did not fit the model's context window: Ollama kept ${promptTokens} tokens in a ${contextTokens}-token window and dropped the start, ` +
    'tool definitions included. Raise the context in Conversation options, or use fewer tools.'
  );
}
