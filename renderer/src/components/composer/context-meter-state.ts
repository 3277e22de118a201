import { DEFAULTS } from '../../../../shared/constants';
import type { ConversationView } from '../../store/events/conversation-view';

/** How full the conversation's context window was at its last step. */
export type ContextMeterState =
  { type: 'none' } | { type: 'meter'; used: number; size: number; share: number; level: 'ok' | 'near' | 'full'; summary: string };

/**
 * From the newest step's usage (prompt + answer tokens of num_ctx): what the next request starts
 * from. `near` at DEFAULTS.contextMeter.warnRatio; `full` when the server cut the prompt or the
 * window is used up.
 */
export function contextMeterState(view: ConversationView): ContextMeterState {
  for (let index = view.items.length - 1; index >= 0; index -= 1) {
    const item = view.items[index];
    if (item?.type !== 'assistant' || item.usage === null || item.usage.contextTokens <= 0) continue;
    const { promptTokens, completionTokens, contextTokens, contextTruncated } = item.usage;
    const used = promptTokens + completionTokens;
    const share = Math.min(1, used / contextTokens);
    const level = contextTruncated || share >= 1 ? 'full' : share >= DEFAULTS.contextMeter.warnRatio ? 'near' : 'ok';
    const numbers = `${used.toLocaleString('en-US')} of ${contextTokens.toLocaleString('en-US')} tokens of context used`;
    const summary =
      level === 'full'
        ? `${numbers}: the window is full, so the server drops the start of the conversation. Start a new chat or raise the context size (conversation options).`
        : level === 'near'
          ? `${numbers}: nearly full. Soon the server drops the start of the conversation.`
          : `${numbers}.`;
    return { type: 'meter', used, size: contextTokens, share, level, summary };
  }
  return { type: 'none' };
}

/** 3,180 → "3.2k", 131,072 → "131k": the meter's short figures. */
export function shortTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  const thousands = tokens / 1000;
  return `${thousands < 10 ? Number(thousands.toFixed(1)) : Math.round(thousands)}k`;
}
