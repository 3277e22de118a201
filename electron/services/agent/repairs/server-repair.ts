import type { ChatMessage } from '../../provider/provider-types';

/**
 * What a server did to a step that the model can fix by trying again: it could not read the tool
 * call the model wrote (Ollama's parser error line or HTTP 500), or it dropped the whole reply
 * silently (Ollama's tag parsers end the step with empty content while eval_count > 0). The loop
 * tells the model once what went wrong (`serverRepairMessage`); a second time it stops with
 * `serverRepairStopText`.
 */
export type ServerRepair =
  | { type: 'malformed-call'; detail: string }
  | { type: 'empty-step'; generatedTokens: number }
  /** The reply stopped at the token limit inside a call's arguments: TACO did not run it (the server did nothing wrong). */
  | { type: 'cut-call'; detail: string; contextFull: boolean };

export function serverRepairMessage(repair: ServerRepair): ChatMessage {
  switch (repair.type) {
    case 'malformed-call':
      return {
        role: 'user',
        content: [
          `Your last tool call could not be read by the model server: ${repair.detail}`,
          'Write the call again: the tool name, and the arguments as one valid JSON object (double-quoted keys and strings, nothing after the closing brace). Or answer without a tool.',
        ].join('\n'),
      };
    case 'cut-call':
      return {
        role: 'user',
        content: [
          `Your last tool call was cut off before its arguments were complete, so it was not run: ${repair.detail}.`,
          repair.contextFull
            ? 'Older messages were dropped to make room. Write the call again with shorter arguments (a long text in parts), or answer without a tool.'
            : 'Write the call again with shorter arguments (a long text in parts), or answer without a tool.',
        ].join('\n'),
      };
    case 'empty-step':
      if (endedAtOnce(repair))
        return {
          role: 'user',
          content: [
            'Your last reply was empty: you ended it before writing anything.',
            'Answer the request in plain text, or call one of the available tools by its exact name with valid JSON arguments.',
          ].join('\n'),
        };
      return {
        role: 'user',
        content: [
          `Your last reply reached me empty: you generated ${repair.generatedTokens} tokens, but the model server dropped them (usually a tool call it could not read, or a call to a tool that does not exist).`,
          'Call one of the available tools by its exact name with valid JSON arguments, or answer in plain text.',
        ].join('\n'),
      };
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = repair;
      return unreachable;
    }
  }
}

/**
 * llama.cpp counts the end-of-sequence token: an empty reply says `completion_tokens: 1`
 * (captured tools-auto-seed1-stream). One token or none is a model that ended at once, not one
 * whose tokens the server dropped.
 */
function endedAtOnce(repair: { generatedTokens: number }): boolean {
  return repair.generatedTokens <= 1;
}

/** The stop text when the repair did not help: what happened, on which server, and what to do. */
export function serverRepairStopText(repair: ServerRepair, host: string, serverWords: string | null): string {
  switch (repair.type) {
    case 'malformed-call':
      return `${serverWords ?? repair.detail} The model was told what was wrong once and wrote an unreadable call again. Try again, or pick a model that writes tool calls more reliably.`;
    case 'cut-call':
      return `${repair.detail}, twice. ${repair.contextFull ? "The model's context is full: start a new conversation, turn off some tools, or raise the server's context size." : 'Ask for a shorter result, or raise the length limit of the server.'}`;
    case 'empty-step':
      if (endedAtOnce(repair))
        return `The model answered with nothing twice on ${host} (it ended each reply at once, before writing anything). Try again, rephrase the request, or pick another model.`;
      return `The model server at ${host} returned an empty answer twice (the model generated ${repair.generatedTokens} tokens that the server dropped, usually an unreadable tool call). Try again, or pick another model.`;
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = repair;
      return unreachable;
    }
  }
}
