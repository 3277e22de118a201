import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const THINKING_TEXT = 'The user greets me. I should answer briefly and offer help.';
export const THINKING_ANSWER = 'Hi there! What would you like to do?';

/** Thinking pieces first, then the answer (ask qwen3:4b, the thinking model). */
export const thinking: Scenario = {
  name: 'thinking',
  description: 'Replies stream thinking first, then content.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.thinking(THINKING_TEXT, THINKING_ANSWER, { counts: { evalCount: 24 } }),
};
