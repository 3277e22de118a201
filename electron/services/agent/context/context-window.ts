import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';

/** ~4 characters per token (small local models have small contexts). Rough on purpose; used with a reserve. */
export function estimateTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] = []): number {
  let chars = 0;
  for (const message of messages) {
    chars += message.content.length + 8;
    if (message.tool_calls) chars += JSON.stringify(message.tool_calls).length;
  }
  if (tools.length > 0) chars += JSON.stringify(tools).length;
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
  const assemble = (): ChatMessage[] => [parts.system, ...earlier.flat(), parts.current, ...rounds.flat()];
  let dropped = 0;
  let messages = assemble();
  let estimated = estimateTokens(messages, parts.tools);
  while (estimated > budget && (earlier.length > 0 || rounds.length > 1)) {
    const removed = earlier.length > 0 ? earlier.shift() : rounds.shift();
    dropped += removed?.length ?? 0;
    messages = assemble();
    estimated = estimateTokens(messages, parts.tools);
  }
  return { messages, dropped, estimatedTokens: estimated };
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
