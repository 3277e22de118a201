import type { FakeModel } from '../../scenario-types';

/** Tools, no thinking: the default model of most scenarios. */
export const llama32: FakeModel = {
  name: 'llama3.2:3b',
  capabilities: ['completion', 'tools'],
  contextLength: 131_072,
  family: 'llama',
  parameterSize: '3.2B',
  quantization: 'Q4_K_M',
  sizeBytes: 2_019_393_189,
};

/** Tools and thinking. */
export const qwen3: FakeModel = {
  name: 'qwen3:4b',
  capabilities: ['completion', 'tools', 'thinking'],
  contextLength: 40_960,
  family: 'qwen3',
  parameterSize: '4.0B',
  quantization: 'Q4_K_M',
  sizeBytes: 2_497_293_918,
};

/** Completion only: no tools, no thinking, a small context. */
export const gemma2b: FakeModel = {
  name: 'gemma:2b',
  capabilities: ['completion'],
  contextLength: 2048,
  family: 'gemma',
  parameterSize: '3B',
  quantization: 'Q4_0',
  sizeBytes: 1_678_456_656,
};

/** An embedding model (not among the standard models): /api/embed only. */
export const nomicEmbed: FakeModel = {
  name: 'nomic-embed-text:latest',
  capabilities: ['embedding'],
  contextLength: 2048,
  family: 'nomic-bert',
  parameterSize: '137M',
  quantization: 'F16',
  sizeBytes: 274_302_450,
};

export const STANDARD_MODELS: readonly FakeModel[] = [llama32, qwen3, gemma2b];

/** A fresh copy, so a scenario's server can add and delete models without touching others. */
export function standardModels(): FakeModel[] {
  return STANDARD_MODELS.map((model) => ({ ...model, capabilities: [...model.capabilities] }));
}
