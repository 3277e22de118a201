import { reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { gemma2b, llama32, qwen3 } from './standard-models';
import { gemma3 } from '../chat/vision-chat';

export const MODEL_ADMIN_PULL_STEPS = 24;

/** Two models installed; a pull takes a few seconds (slow enough to watch and cancel) and installs the named model. */
export const modelAdmin: Scenario = {
  name: 'model-admin',
  description: `llama3.2:3b and gemma:2b installed; pulls stream ${MODEL_ADMIN_PULL_STEPS + 1} progress lines 120 ms apart, then list the model.`,
  models: [{ ...llama32 }, { ...gemma2b }],
  replies: [],
  whenExhausted: reply.text('Hello! How can I help you today?'),
  pull: {
    steps: MODEL_ADMIN_PULL_STEPS,
    delayMs: 120,
    model: (name) =>
      [qwen3, gemma3, llama32, gemma2b].find((known) => known.name === name) ?? {
        name,
        capabilities: ['completion'],
        contextLength: 4096,
        sizeBytes: 3_800_000_000,
      },
  },
};
