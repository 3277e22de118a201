/** Words for model management failures: what happened, then what to do. */

function clause(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

export const modelAdminMessages = {
  pullUnknownModel: (name: string): string =>
    `Ollama has no model called “${name}”. Check the spelling on ollama.com/library (for example llama3.2 or qwen3:4b), then try again.`,

  pullFailed: (name: string, detail: string): string =>
    `Could not download “${name}”: ${clause(detail)}. Check your internet connection and the free disk space, then try again.`,

  pullEndedEarly: (name: string): string =>
    `The download of “${name}” stopped before Ollama finished it. Try again: Ollama resumes where it stopped.`,

  notInstalled: (name: string): string => `“${name}” is not installed, so there is nothing to remove. Refresh the model list.`,

  deleteFailed: (name: string, detail: string): string =>
    `Could not delete “${name}”: ${clause(detail)}. Try again, or run \`ollama rm ${name}\` in a terminal.`,

  unloadFailed: (name: string, detail: string): string =>
    `Could not unload “${name}”: ${clause(detail)}. Try again; Ollama also unloads idle models by itself after a few minutes.`,

  forbidden: (server: string, status: number): string =>
    `The proxy in front of “${server}” does not allow managing models (HTTP ${status}), so pull, delete and unload are off for it. Manage its models on that machine (\`ollama pull\`, \`ollama rm\`).`,

  notOllama: (server: string): string =>
    `“${server}” is an OpenAI-compatible server: TACO cannot pull, delete or unload its models. Manage them on the server itself.`,

  noVersion: (host: string): string =>
    `Something answered at ${host}, but it did not say which Ollama version it is. Check that the address points to Ollama (usually port 11434).`,
};

/** Ollama's own words when a name is not in the registry. */
export function isUnknownModelError(detail: string): boolean {
  return /file does not exist|manifest unknown|not found|pull model manifest/i.test(detail);
}
