import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { gemma2b, llama32 } from './standard-models';

export const PULL_STEPS = 5;

/** Only gemma:2b is installed; pulling any name streams progress, then lists it. */
export const pullProgress: Scenario = {
  name: 'pull-progress',
  description: `Pull streams ${PULL_STEPS + 1} progress lines, then success; the pulled model is listed afterwards.`,
  models: [{ ...gemma2b }],
  replies: [],
  whenExhausted: reply.text('Hello! How can I help you today?'),
  pull: {
    steps: PULL_STEPS,
    delayMs: 20,
    model: (name) => (name === llama32.name ? { ...llama32 } : { name, capabilities: ['completion'], contextLength: 4096 }),
  },
};
