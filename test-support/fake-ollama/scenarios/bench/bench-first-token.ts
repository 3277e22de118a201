import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** A short answer at once, for any number of calls: time to first token is all the server adds. */
export const benchFirstToken: Scenario = {
  name: 'bench-first-token',
  description: 'Every streamed call answers a short sentence at once; side calls answer a title.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.text('Hello! Here is a short answer for the benchmark.'),
  sideDefault: reply.text('A short greeting'),
};
