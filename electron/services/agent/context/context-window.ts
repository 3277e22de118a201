import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';

/** ~4 characters per token (small local models have small contexts). Rough on purpose; used with a reserve. */
export function estimateTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] = []): number {
  let chars = toolChars(tools);
  for (const message of messages) chars += messageChars(message);
  return charsToTokens(chars);
}

function messageChars(message: ChatMessage): number {
  return message.content.length + 8 + (message.tool_calls ? JSON.stringify(message.tool_calls).length : 0);
}

function toolChars(tools: readonly ToolDefinition[]): number {
  return tools.length > 0 ? JSON.stringify(tools).length : 0;
}

function charsToTokens(chars: number): number {
  return Math.ceil(chars / DEFAULTS.agent.charsPerToken);
}

export interface ContextParts {
  system: ChatMessage;
  /** Earlier turns of the conversation, oldest first. */
  earlier: readonly ChatMessage[];
  /** The current user message. Never dropped. */
  current: ChatMessage;
  /** What this run added so far (assistant, tool, and in prompt mode tool results as user). */
  run: readonly ChatMessage[];
  tools: readonly ToolDefinition[];
  numCtx: number;
}

export interface FittedContext {
  messages: ChatMessage[];
  /** Messages left out to fit num_ctx. */
  dropped: number;
  /** Our estimate of the prompt we send, tools included. */
  estimatedTokens: number;
}

/**
 * History that fits num_ctx with a reserve for the reply. Oldest earlier turns go first (a turn is
 * a user message and what followed it, so no tool result is left without its call), then the
 * oldest rounds of this run (an assistant message and its results), never the last round, the
 * system prompt, the tool definitions or the current user message.
 */
export function fitContext(parts: ContextParts): FittedContext {
  const budget = Math.floor(parts.numCtx * (1 - DEFAULTS.agent.replyReserveRatio));
  const earlier = groupBy(parts.earlier, 'user');
  const rounds = groupBy(parts.run, 'assistant');
  // Each message is measured once and the total kept as groups drop: re-measuring the whole history
  // after every drop made a long conversation quadratic (seconds of main's CPU before the request).
  const groupChars = (group: readonly ChatMessage[]) => group.reduce((sum, message) => sum + messageChars(message), 0);
  const earlierChars = earlier.map(groupChars);
  const roundChars = rounds.map(groupChars);
  let chars = toolChars(parts.tools) + messageChars(parts.system) + messageChars(parts.current);
  for (const n of [...earlierChars, ...roundChars]) chars += n;
  let earlierKept = 0;
  let roundsKept = 0;
  let dropped = 0;
  while (charsToTokens(chars) > budget && (earlierKept < earlier.length || rounds.length - roundsKept > 1)) {
    const fromEarlier = earlierKept < earlier.length;
    const index = fromEarlier ? earlierKept++ : roundsKept++;
    dropped += (fromEarlier ? earlier : rounds)[index]?.length ?? 0;
    chars -= (fromEarlier ? earlierChars : roundChars)[index] ?? 0;
  }
  const messages = [parts.system, ...earlier.slice(earlierKept).flat(), parts.current, ...rounds.slice(roundsKept).flat()];
  return { messages, dropped, estimatedTokens: charsToTokens(chars) };
}

/** Split into groups that each start at a message of `role` (leading others form their own group). */
function groupBy(messages: readonly ChatMessage[], role: ChatMessage['role']): ChatMessage[][] {
  const groups: ChatMessage[][] = [];
  for (const message of messages) {
    const last = groups[groups.length - 1];
    if (!last || message.role === role) groups.push([message]);
    else last.push(message);
  }
  return groups;
}
