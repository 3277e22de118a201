import type { StepUsage } from '../../provider-types';

/** Generation speed of a step: eval_count / eval_duration (s). Null when Ollama reported no duration. */
export function tokensPerSecond(usage: Pick<StepUsage, 'completionTokens' | 'evalDurationNs'>): number | null {
  if (!(usage.evalDurationNs > 0)) return null;
  return usage.completionTokens / (usage.evalDurationNs / 1e9);
}
