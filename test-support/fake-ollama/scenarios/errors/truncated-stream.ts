import { chunk, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** A few words, then the body ends without a `done` chunk. */
export const truncatedStream: Scenario = {
  name: 'truncated-stream',
  description: 'Streams a few chunks, then the connection closes without done.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.truncated(['The answer ', 'is '].map(chunk.content)),
};
