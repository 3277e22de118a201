import { DEFAULTS } from '../../../../shared/constants';
import type { EventOf } from '../../../../shared/contract/events';
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
 * cutting, cached tokens included since 0.30.1 (llm/llama_server.go promptEvalCount = cache_n +
 * prompt_n), at most num_ctx: a count at num_ctx (within DEFAULTS.truncationMarginTokens) means it
 * had to drop the start of the prompt, where the system prompt and the tool definitions are.
 * Ollama's runner also cuts an over-long prompt to `runnerCutCounts` (num_ctx − (num_ctx − keep)/2):
 * those counts are read as a cut too.
 */
export function promptFilledWindow(usage: StepUsage): boolean {
  if (usage.numCtx <= 0) return false;
  return usage.promptTokens >= usage.numCtx - DEFAULTS.truncationMarginTokens || runnerCutCounts(usage.numCtx).includes(usage.promptTokens);
}

/**
 * What Ollama's runner reports after cutting an over-long prompt: llm/llama_server.go
 * contextShiftPromptLimit(num_ctx, keep) = num_ctx − max((num_ctx − keep)/2, 1), keep being num_keep
 * (Ollama's default; TACO never sets it) plus one when the tokenizer adds BOS (llm/llama_server_test.go: 4096 with
 * keep 4 → 2050, with keep 5 → 2051).
 */
export function runnerCutCounts(numCtx: number): number[] {
  const counts: number[] = [];
  for (let keep = DEFAULTS.ollamaNumKeep; keep <= DEFAULTS.ollamaNumKeep + 1; keep += 1) counts.push(contextShiftPromptLimit(numCtx, keep));
  return counts;
}

function contextShiftPromptLimit(numCtx: number, numKeep: number): number {
  if (numCtx <= 1) return 0;
  const keep = Math.max(0, Math.min(numKeep, numCtx - 1));
  return numCtx - Math.max(Math.floor((numCtx - keep) / 2), 1);
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
