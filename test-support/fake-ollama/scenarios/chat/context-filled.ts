import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** Every chat answers briefly and reports prompt_eval_count = the num_ctx it was sent: the prompt filled the window. */
export const contextFilled: Scenario = {
  name: 'context-filled',
  description: 'Every chat answers, reporting prompt_eval_count equal to the request num_ctx (Ollama cut the prompt).',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.text('The notes say to buy milk.', {
    counts: { promptEvalCount: 'num_ctx', evalCount: 8, evalDurationNs: 200_000_000 },
  }),
};
