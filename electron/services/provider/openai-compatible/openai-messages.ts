/** Words for every failure of an OpenAI-compatible server: what happened, then what to do. */

function clause(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

function seconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}

export const openAiMessages = {
  unreachable: (host: string): string =>
    `Cannot reach the model server at ${host}. Check that it is running and that the address in Settings → Model servers is right, then try again.`,
  refused: (host: string): string =>
    `The model server at ${host} refused the connection (nothing listens at that port). Check that the server is running and the port is right.`,
  dns: (host: string): string =>
    `The name in ${host} could not be resolved (DNS). Check the spelling of the server's address in Settings → Model servers.`,
  tls: (host: string, detail: string): string =>
    `The secure connection to ${host} failed (TLS: ${clause(detail)}). Check the certificate of the server, or that the address should use https.`,
  timedOut: (host: string, timeoutMs: number): string =>
    `The model server at ${host} did not answer within ${seconds(timeoutMs)} seconds. Check that it is running, or raise its connect timeout in Settings → Model servers.`,
  unauthorized: (host: string, status: number): string =>
    `The model server at ${host} refused the request (HTTP ${status}): check the token (the Authorization header) for this server in Settings → Model servers.`,
  modelNotLoaded: (host: string, model: string | null): string =>
    `The model server at ${host} has ${model === null ? 'the model' : `“${model}”`} but has not loaded it (a llama.cpp router started with --no-models-autoload loads models only when asked). Load the model on the server (its web UI, or POST /models/load), then try again.`,
  modelNotFound: (host: string, model: string): string =>
    `The model server at ${host} has no model “${model}”. Pick a model from its list, or check the name the server serves it under.`,
  notOpenAi: (host: string): string =>
    `There is no OpenAI-compatible API at ${host} (HTTP 404). Check the base URL (it usually ends in /v1), or set the server's kind to Ollama if it is one.`,
  busy: (host: string, status: number, waitedMs: number): string =>
    `The model server at ${host} is busy (HTTP ${status}); TACO waited ${seconds(waitedMs)} s as it asked and tried once more, and it was still busy. Try again later.`,
  busyTooLong: (host: string, status: number, askedMs: number): string =>
    `The model server at ${host} is busy (HTTP ${status}) and asks to wait ${seconds(askedMs)} s, longer than TACO waits. Try again later.`,
  slotsBusy: (host: string, slots: number): string =>
    `The model server at ${host} is busy: ${slots === 1 ? 'its one slot is' : `all ${slots} of its slots are`} answering other requests. TACO waits for a free slot (the server is up; start it with more slots, -np, to answer requests side by side).`,
  probeNoAnswer: (host: string, waitedMs: number): string =>
    `The model server at ${host} is up (it lists its models) but did not answer TACO's one-token check whether the model takes tools within ${seconds(waitedMs)} seconds: it is probably busy with other requests, or still loading the model. Try again when it is free, or set the model's tool support in Settings → Model servers.`,
  probeBusy: (host: string, slots: number, waitedMs: number): string =>
    `The model server at ${host} is up but busy: ${slots === 1 ? 'its one slot was' : `all ${slots} of its slots were`} answering other requests for the ${seconds(waitedMs)} seconds TACO waited to ask whether the model takes tools. Try again when it is free, or set the model's tool support in Settings → Model servers.`,
  contextLength: (detail: string): string =>
    `The conversation does not fit the model's context on the server: ${clause(detail)}. Raise the server's context size (or lower “max context” in Settings), turn off some tools, or start a new conversation.`,
  contextChanged: (host: string, plannedTokens: number, serverTokens: number): string =>
    `The model server at ${host} now runs this model with a context of ${serverTokens} tokens, not the ${plannedTokens} TACO planned with (was it restarted with a smaller one?). TACO plans with ${serverTokens} from now on.`,
  httpError: (host: string, status: number, detail: string): string =>
    `The model server at ${host} returned an error (HTTP ${status}): ${clause(detail)}. Try again; if it keeps happening, check the server's logs or pick another model.`,
  streamError: (detail: string): string =>
    `The model server reported an error while answering: ${clause(detail)}. Try again; if it keeps happening, check the server's logs.`,
  requestError: (detail: string): string =>
    `The request to the model server failed: ${clause(detail)}. Try again; if it keeps happening, check the server's logs.`,
  incompleteStream: (): string => 'The reply from the model server ended early (the stream closed without finishing). Try again.',
  aborted: (): string => 'The request to the model server was stopped.',
  toolsRefused: (host: string, detail: string): string =>
    `The model server at ${host} refused the tools for this model: ${clause(detail)}. TACO uses its prompt-based tool format for this model from now on.`,
  malformedToolCall: (detail: string): string => `The model server could not read the model's tool call: ${clause(detail)}.`,
  badHistoryToolCall: (host: string, detail: string): string =>
    `The model server at ${host} could not read a tool call in the conversation TACO sent it (${clause(detail)}): the request was wrong, not the model's reply. This is a TACO problem and was logged; try again, or start a new conversation if it keeps happening.`,
  sharedMemory: (host: string, retries: number): string =>
    `The model server at ${host} ran out of the memory its parallel slots share (llama.cpp: "Context size has been exceeded" while other requests ran)${retries > 0 ? `, also after ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''}. The conversation itself fits. Try again when the server is less busy, or start it with fewer parallel slots (-np) or a larger context (-c).`,
  toolSchemaRefused: (host: string, tools: readonly string[], detail: string): string =>
    `The model server at ${host} could not compile the parameters of ${tools.join(', ')}: ${clause(detail)}. TACO sends ${tools.length === 1 ? 'that tool' : 'those tools'} to this model simplified, or not at all, from now on.`,
  stillLoading: (host: string, waitedMs: number): string =>
    `The model server at ${host} is still loading the model (HTTP 503 "Loading model") after ${seconds(waitedMs)} s of waiting. Try again when it has finished loading.`,
  cutToolCall: (name: string, contextFull: boolean): string =>
    contextFull
      ? `The reply reached the end of the context (the token limit: prompt and reply filled it) in the middle of a call to ${name}, so the call was not run`
      : `The reply reached the token limit in the middle of a call to ${name} (finish_reason "length"), so the call was not run`,
  answerCut: (host: string, contextFull: boolean, numCtx: number, serverCtx: number | null = null): string =>
    contextFull
      ? serverCtx !== null && serverCtx > numCtx
        ? `The answer was cut off because the model's context is full (prompt and answer reached the ${numCtx} tokens TACO plans for: its max context in Settings, below the ${serverCtx} the server at ${host} gives). Start a new conversation, turn off some tools, or raise TACO's max context.`
        : `The answer was cut off because the model's context is full (prompt and answer reached the ${numCtx} tokens the server at ${host} gives it). Start a new conversation, turn off some tools, or raise the server's context size.`
      : `The answer was cut off at the length limit of the server at ${host} (finish_reason "length"; check its -n / max tokens setting), then try again.`,
  noContent: (model: string): string => `The model “${model}” answered the side request with no text (only reasoning, or nothing).`,
};
