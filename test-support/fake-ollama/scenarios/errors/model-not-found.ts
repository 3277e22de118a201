import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { gemma2b, llama32 } from '../models/standard-models';

/**
 * llama3.2:3b is listed but no longer installed (removed after the list was read): /api/show and
 * /api/chat answer 404 for it, as for any unlisted name. gemma:2b still works.
 */
export const modelNotFound: Scenario = {
  name: 'model-not-found',
  description: 'llama3.2:3b is listed but answers 404; gemma:2b works.',
  models: [{ ...llama32, missing: true }, { ...gemma2b }],
  replies: [],
  whenExhausted: reply.text('Hello from gemma.'),
};
