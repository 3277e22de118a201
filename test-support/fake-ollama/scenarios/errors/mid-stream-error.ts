import { chunk, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const MID_STREAM_ERROR = 'an error was encountered while running the model: unexpected EOF';

/** A few words, then an `{"error": ...}` line. */
export const midStreamError: Scenario = {
  name: 'mid-stream-error',
  description: 'Streams a few chunks, then an error line.',
  models: standardModels(),
  replies: [],
  whenExhausted: reply.midStreamError(MID_STREAM_ERROR, ['Let me ', 'think about ', 'that'].map(chunk.content)),
};
