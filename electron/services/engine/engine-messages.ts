/** What the built-in engine says when something goes wrong: what happened and what to do. */
export const engineMessages = {
  notFound: (path: string) =>
    `The model file ${path} is not there any more. Download it again or pick another GGUF file in Settings → Model servers.`,
  notGguf: (path: string) =>
    `${path} is not a GGUF model file (it does not start with “GGUF”). The built-in engine runs GGUF files only: pick a .gguf file, or download a model again.`,
  broken: (path: string, detail: string) =>
    `The built-in engine could not load ${path}: the file is damaged or incomplete (${detail}). Download it again; a partly downloaded file cannot be used.`,
  tooBig: (path: string, needBytes: number, budgetBytes: number) =>
    `${path} needs about ${gib(needBytes)} of memory with this context, more than the ${gib(budgetBytes)} the built-in engine may use on this computer. Pick a smaller model or a smaller context.`,
  noBinary: (detail: string) =>
    `The built-in engine's llama.cpp binary for this computer could not be loaded (${detail}). Reinstall TACO, or connect to Ollama instead.`,
  promptTooLong: (promptTokens: number, contextSize: number) =>
    `The conversation (${promptTokens} tokens) does not fit the built-in engine's context of ${contextSize} tokens. Start a new conversation, or give the built-in server a larger context in Settings → Model servers.`,
  answerCut: (contextSize: number) =>
    `The answer filled the built-in engine's context of ${contextSize} tokens and was cut there. Start a new conversation, or give the built-in server a larger context.`,
  cutToolCall: (name: string) => `The call to ${name} was cut off by the end of the context, so it was not run.`,
  unknownModel: (model: string, loaded: string) =>
    `The built-in server runs ${loaded}, not “${model}”. Pick ${loaded} in the model picker.`,
  failed: (detail: string) => `The built-in engine failed: ${detail}`,
  stopped: (how: { code: number | null; signal: string | null }) =>
    how.signal === 'SIGKILL'
      ? 'The built-in engine was stopped while it worked (killed by the system, most often for lack of memory). Your next message starts it again; if this happens again, pick a smaller model or a smaller context.'
      : `The built-in engine stopped while it worked (${how.signal ? `signal ${how.signal}` : `exit code ${String(how.code)}`}). Your next message starts it again; if this happens again, download the model again or pick another one.`,
  unreadable: (detail: string) =>
    `The built-in engine sent an answer TACO could not read (${detail}), so it was stopped. Your next message starts it again.`,
};

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
