/** Words for every provider failure: what happened, then what to do. */

function clause(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

export const providerMessages = {
  unreachable: (host: string): string =>
    `Cannot reach Ollama at ${host}. Start it with \`ollama serve\` (or open the Ollama app), then try again.`,

  timedOut: (host: string, timeoutMs: number): string =>
    `Ollama at ${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Check that Ollama is running (\`ollama serve\`) and that the address in Settings is right, then try again.`,

  invalidHost: (host: string): string =>
    `The Ollama address “${host}” is not a valid URL. Set it to something like http://127.0.0.1:11434 in Settings, then try again.`,

  modelNotFound: (model: string): string => `The model “${model}” is not installed. Get it with \`ollama pull ${model}\`.`,

  httpError: (status: number, detail: string): string =>
    `Ollama returned an error (HTTP ${status}): ${clause(detail)}. Try again; if it keeps happening, check the Ollama logs or pick another model.`,

  streamError: (detail: string): string =>
    `Ollama reported an error while answering: ${clause(detail)}. Try again; if it keeps happening, check the Ollama logs or pick another model.`,

  malformedToolCall: (detail: string): string =>
    `Ollama could not read the tool call the model wrote: ${clause(detail)}. Try again, or pick a model that writes tool calls more reliably.`,

  promptTooLong: (detail: string): string =>
    `The conversation does not fit the model's context on Ollama (${clause(detail)}). Raise the context size of this conversation, turn off some tools, or start a new conversation.`,

  toolsRefused: (detail: string): string =>
    `Ollama refused the tools for this model: ${clause(detail)}. TACO uses its prompt-based tool format for this model from now on.`,

  noContent: (model: string): string => `The model “${model}” answered the side request with no text (only thinking, or nothing).`,

  requestError: (detail: string): string =>
    `The request to Ollama failed: ${clause(detail)}. Try again; if it keeps happening, check the Ollama logs.`,

  incompleteStream: (): string => 'The reply from Ollama ended early (the stream closed without finishing). Try again.',

  aborted: (): string => 'The request to Ollama was stopped.',

  unauthorized: (host: string, status: number): string =>
    `Ollama at ${host} refused the request (HTTP ${status}): check the token (the Authorization header) for this server in Settings → Model servers.`,
};
