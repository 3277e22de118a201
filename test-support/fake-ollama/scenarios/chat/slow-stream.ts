import { chunk, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const SLOW_STREAM_CHUNKS = 40;
export const SLOW_STREAM_DELAY_MS = 100;

/** About four seconds of words, for the Stop button. */
export const slowStream: Scenario = {
  name: 'slow-stream',
  description: `${SLOW_STREAM_CHUNKS} chunks, ${SLOW_STREAM_DELAY_MS} ms apart.`,
  models: standardModels(),
  replies: [],
  whenExhausted: reply.chunks(
    Array.from({ length: SLOW_STREAM_CHUNKS }, (_, index) => chunk.content(`word${index + 1} `)),
    { delayMs: SLOW_STREAM_DELAY_MS },
  ),
};
