import { DEFAULTS } from '../../../../shared/constants';
import type { EventOf } from '../../../../shared/events';
import type { StepUsage } from '../../provider/provider-types';

/** What a `usage` event reports of one step. */
export type UsageFigures = Omit<EventOf<'usage'>, 'type' | 'runId' | 'conversationId'>;

/** eval_count / eval_duration (ns), or null when Ollama reported no duration. */
export function tokensPerSecond(usage: StepUsage): number | null {
  if (!(usage.evalDurationNs > 0) || !(usage.completionTokens >= 0)) return null;
  return usage.completionTokens / (usage.evalDurationNs / 1e9);
}

/**
 * Did Ollama cut the context? Ollama caches the prompt prefix between requests and then reports
 * in prompt_eval_count only the tokens it evaluated anew, so "far fewer tokens than we sent" is
 * normal on every step after the first. The conservative rule: say truncated only when our own
 * estimate of the prompt is larger than num_ctx (Ollama must have cut something) AND Ollama
 * evaluated less than half of that estimate. A cache hit alone can never trigger it, because we
 * fit the history to num_ctx before sending.
 */
export function contextTruncated(usage: StepUsage, estimatedPromptTokens: number): boolean {
  if (usage.numCtx <= 0) return false;
  return estimatedPromptTokens > usage.numCtx && usage.promptTokens < estimatedPromptTokens * DEFAULTS.agent.truncatedPromptRatio;
}

/**
 * Did the prompt fill the window? Ollama reports in prompt_eval_count what it evaluated after
 * cutting, at most num_ctx: a count at num_ctx (within DEFAULTS.truncationMarginTokens) means it
 * had to drop the start of the prompt, where the system prompt and the tool definitions are.
 * Ollama's runner also cuts an over-long prompt to the latter half of the window and then reports
 * exactly num_ctx / 2 + 2 (ollama/ollama#17427, #17889): that count is read as a cut too. A cached
 * prefix only lowers the count, so it cannot trigger the first rule.
 */
export function promptFilledWindow(usage: StepUsage): boolean {
  if (usage.numCtx <= 0) return false;
  return usage.promptTokens >= usage.numCtx - DEFAULTS.truncationMarginTokens || usage.promptTokens === halfWindowCut(usage.numCtx);
}

/** What Ollama's runner reports after cutting an over-long prompt to half the window. */
export function halfWindowCut(numCtx: number): number {
  return Math.floor(numCtx / 2) + 2;
}

export function usageFigures(usage: StepUsage, estimatedPromptTokens: number): UsageFigures {
  const figures: UsageFigures = {
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    tokensPerSecond: tokensPerSecond(usage),
    contextTokens: usage.numCtx,
    contextTruncated: contextTruncated(usage, estimatedPromptTokens),
  };
  return promptFilledWindow(usage) ? { ...figures, truncated: true } : figures;
}
