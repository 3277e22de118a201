import type { ModelOptions } from '../../provider/provider-types';
import type { ConversationRunOptions } from '../loop/agent-types';

/**
 * The model parameters of a conversation's options, for each streamed step (the system prompt and the project's
 * instructions go in the prompt instead; the allowed tools decide what is offered).
 */
export function conversationModelOptions(conversation: ConversationRunOptions | undefined): ModelOptions {
  const {
    systemPrompt: _systemPrompt,
    projectInstructions: _projectInstructions,
    allowedTools: _allowedTools,
    toolMode: _toolMode,
    ...model
  } = conversation ?? {};
  return model;
}
