import { DEFAULTS } from '../../../../shared/constants';
import type { ChatProvider, ChatMessage, ToolDefinition } from '../../provider/provider-types';
import { requestChars } from './context-window';

export interface ToolFitInput<T> {
  /** The tools selected for the request, in the order they go out. */
  tools: readonly T[];
  /** Tools never cut (the core set, tools the run used or find_tools brought in). */
  keep(tool: T): boolean;
  /** The characters of what history fitting can never drop (system prompt, current message, last round, definitions) with these tools. */
  undroppableChars(tools: readonly T[]): number;
  /** Prompt tokens the request may take (num_ctx less the reply reserve and any extra reserve). */
  budgetTokens: number;
  charsPerToken: number;
}

/**
 * The tools that leave the prompt within its budget once every droppable turn is gone: the last
 * offered go first, never one to keep. History is dropped before any tool (fitContext), so a tool
 * is cut only when the request would not fit even with the history at its least; when nothing but
 * kept tools is left, what is left goes out.
 */
export function toolsThatFit<T>(input: ToolFitInput<T>): T[] {
  const kept = [...input.tools];
  const fits = (): boolean => Math.ceil(input.undroppableChars(kept) / input.charsPerToken) <= input.budgetTokens;
  for (let index = kept.length - 1; index >= 0 && !fits(); index -= 1) {
    const tool = kept[index];
    if (tool !== undefined && !input.keep(tool)) kept.splice(index, 1);
  }
  return kept;
}

/**
 * Characters per token of this request as the server's tokenizer counts it (llama.cpp), else the
 * rough `DEFAULTS.agent.charsPerToken`. TACO's estimate ran 19 % low against llama.cpp's count
 * (2,203 against 2,621), enough to send 16 tools into a 400 at a 2,048 context.
 */
export async function serverCharsPerToken(
  provider: Pick<ChatProvider, 'countPromptTokens'>,
  request: { model: string; messages: ChatMessage[]; tools: ToolDefinition[]; signal: AbortSignal },
): Promise<number> {
  const count = provider.countPromptTokens ? await provider.countPromptTokens(request) : null;
  if (count === null || count <= 0) return DEFAULTS.agent.charsPerToken;
  const [least, most] = DEFAULTS.agent.measuredCharsPerTokenRange;
  return Math.min(most, Math.max(least, requestChars(request.messages, request.tools) / count));
}

/** "Offered 9 of 16 tools: the other 7 do not fit the model's 2048-token context." */
export function toolsCutStatus(offered: number, selected: number, numCtx: number): string {
  const cut = selected - offered;
  return `Offered ${offered} of ${selected} tools: the other ${cut} ${cut === 1 ? 'does' : 'do'} not fit the model's ${numCtx}-token context.`;
}
