import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage, ToolDefinition } from '../../provider/provider-types';
import { definitionsChars } from './definition-chars';

/** ~4 characters per token (small local models have small contexts). Rough on purpose; used with a reserve. */
export function estimateTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] = []): number {
  return charsToTokens(requestChars(messages, tools));
}

/** What the estimate measures of a request: its messages and its tools' JSON, in characters. */
export function requestChars(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] = []): number {
  let chars = toolChars(tools);
  for (const message of messages) chars += messageChars(message);
  return chars;
}

function messageChars(message: ChatMessage): number {
  return message.content.length + 8 + (message.tool_calls ? JSON.stringify(message.tool_calls).length : 0);
}

function toolChars(tools: readonly ToolDefinition[]): number {
  return tools.length > 0 ? definitionsChars(tools) : 0;
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
  /** Tokens kept free beyond the reply reserve (a reply was cut by a full context); the cut points stay where they are. */
  extraReserveTokens?: number;
  /** Characters per token of this request as the server counted them (`DEFAULTS.agent.charsPerToken` when it cannot). */
  charsPerToken?: number;
}

/** The prompt tokens fitContext can plan with: num_ctx less the reply reserve and any extra reserve. */
export function promptBudget(numCtx: number, extraReserveTokens = 0): number {
  return Math.max(1, Math.floor(numCtx * (1 - DEFAULTS.agent.replyReserveRatio)) - extraReserveTokens);
}

/** The characters fitContext never drops: the system prompt, the current message, this run's last round, the tools. */
export function undroppableChars(parts: Pick<ContextParts, 'system' | 'current' | 'run' | 'tools'>): number {
  const rounds = groupBy(parts.run, 'assistant');
  const last = rounds[rounds.length - 1] ?? [];
  return (
    toolChars(parts.tools) + messageChars(parts.system) + messageChars(parts.current) + last.reduce((sum, m) => sum + messageChars(m), 0)
  );
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
 *
 * Earlier turns are cut only at fixed points: where the turns before it first reach a multiple of
 * a block (`historyCutBlockRatio` of the budget) counted from the conversation's start. Those
 * points do not depend on how long the conversation has grown, so the next turns keep the same
 * first message until the history outgrows the budget by another block, and the server reuses its
 * cached prompt meanwhile; a cut one turn at a time moved the prompt's start at every turn.
 */
export function fitContext(parts: ContextParts): FittedContext {
  const fullBudget = Math.floor(parts.numCtx * (1 - DEFAULTS.agent.replyReserveRatio));
  const budget = promptBudget(parts.numCtx, parts.extraReserveTokens ?? 0);
  const perToken = parts.charsPerToken ?? DEFAULTS.agent.charsPerToken;
  const tokensOf = (chars: number): number => Math.ceil(chars / perToken);
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
  const blockChars = Math.max(1, fullBudget * perToken * DEFAULTS.agent.historyCutBlockRatio);
  let earlierDroppedChars = 0;
  // Earlier turns: the next fixed cut point each time, until what is left fits.
  while (tokensOf(chars) > budget && earlierKept < earlier.length) {
    const nextCut = (Math.floor(earlierDroppedChars / blockChars) + 1) * blockChars;
    while (earlierKept < earlier.length && earlierDroppedChars < nextCut) {
      const groupChars = earlierChars[earlierKept] ?? 0;
      dropped += earlier[earlierKept]?.length ?? 0;
      earlierDroppedChars += groupChars;
      chars -= groupChars;
      earlierKept += 1;
    }
  }
  // This run's rounds change every step anyway: the oldest go one at a time, never the last.
  while (tokensOf(chars) > budget && rounds.length - roundsKept > 1) {
    dropped += rounds[roundsKept]?.length ?? 0;
    chars -= roundChars[roundsKept] ?? 0;
    roundsKept += 1;
  }
  const messages = [parts.system, ...earlier.slice(earlierKept).flat(), parts.current, ...rounds.slice(roundsKept).flat()];
  return { messages, dropped, estimatedTokens: tokensOf(chars) };
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
