import { chunk, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const GREETING = 'Hello! How can I help you today?';

/** Every chat call gets the same greeting, streamed in several chunks with counts. */
export const basicChat: Scenario = {
  name: 'basic-chat',
  description: 'Three models (tools; tools+thinking; completion only); every chat answers with a greeting.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.chunks(['Hello! ', 'How can ', 'I help ', 'you today?'].map(chunk.content), {
    counts: { promptEvalCount: 26, evalCount: 10, evalDurationNs: 200_000_000, totalDurationNs: 450_000_000 },
  }),
};
