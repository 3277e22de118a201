import type { ModelOptions } from '../../provider/provider-types';
import type { ConversationRunOptions } from '../loop/agent-types';

/** The model parameters of a conversation's options, for each streamed step (the system prompt goes in the prompt instead). */
export function conversationModelOptions(conversation: ConversationRunOptions | undefined): ModelOptions {
  const { systemPrompt: _systemPrompt, ...model } = conversation ?? {};
  return model;
}
