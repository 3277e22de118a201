import type { ConversationOptions } from '../../../../shared/conversations/conversation';
import type { ModelTuning } from '../../../../shared/probe/model-check';
import type { ConversationRunOptions } from '../../agent/loop/agent-types';

/**
 * What a model's check chose (settings.modelTuning) for one run: its tool format, thinking for
 * tool steps and tool budget — each only where the conversation's own options set nothing.
 */
export function tunedRunSettings(
  tuning: ModelTuning | undefined,
  options: ConversationOptions | undefined,
): { conversation: Pick<ConversationRunOptions, 'toolMode' | 'think'>; toolBudget?: number } {
  const toolMode = options?.toolMode ?? tuning?.toolMode;
  const think = options?.think ?? tuning?.think;
  const toolBudget = options?.toolBudget ?? tuning?.toolBudget;
  return {
    conversation: { ...(toolMode ? { toolMode } : {}), ...(think === false ? { think: false } : {}) },
    ...(toolBudget !== undefined && toolBudget !== null ? { toolBudget } : {}),
  };
}
