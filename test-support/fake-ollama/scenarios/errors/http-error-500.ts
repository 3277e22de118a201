import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const HTTP_500_MESSAGE = 'llama runner process has terminated: exit status 2';

/** Every chat call fails with HTTP 500 before any chunk. */
export const httpError500: Scenario = {
  name: 'http-error-500',
  description: 'Every chat call answers HTTP 500 with an error body.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.httpError(500, HTTP_500_MESSAGE),
  sideDefault: reply.httpError(500, HTTP_500_MESSAGE),
};
