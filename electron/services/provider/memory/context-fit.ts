import type { ContextFit, KvShape, LoadedModel } from '../../../../shared/models/models';
import { formatBytes } from '../../../../shared/models/format-bytes';
import { kvCacheBytes } from './kv-shape';

export interface ContextFitInput {
  contextTokens: number;
  kvShape: KvShape | null;
  /** The model file's size (/api/tags `size`): the weights. */
  weightsBytes: number | null;
  /** What /api/ps says is in memory now; null when the model is not loaded. */
  loaded: LoadedModel | null;
  bytesPerElement: number;
}

/**
 * Whether a context size fits where the model runs, without asking the server to load it. Ollama
 * does not say how much GPU memory is free, so the honest answer compares with what the model
 * uses now: /api/ps `size` already holds the cache of the context it was loaded with, so a larger
 * context needs the difference more. A sliding-window model's cache is smaller than this (an
 * upper bound).
 */
export function estimateContextFit(input: ContextFitInput): ContextFit {
  const { contextTokens, kvShape, loaded } = input;
  if (kvShape === null) {
    return { type: 'unknown', message: 'The server does not describe this model’s layers, so TACO cannot estimate its memory.' };
  }
  const kvBytes = kvCacheBytes(kvShape, contextTokens, input.bytesPerElement);
  const context = `${contextTokens.toLocaleString('en-US')} tokens of context need about ${formatBytes(kvBytes)}`;
  if (loaded === null) {
    const weights = input.weightsBytes ?? 0;
    return {
      type: 'not-loaded',
      kvBytes,
      weightsBytes: weights,
      message: `${context} beside the model’s ${formatBytes(weights)} (about ${formatBytes(weights + kvBytes)} in all).`,
    };
  }
  if (loaded.vramBytes === 0) {
    return { type: 'cpu', kvBytes, message: `Runs on the CPU: ${context} of RAM.` };
  }
  if (loaded.vramBytes < loaded.sizeBytes) {
    const gpuShare = loaded.vramBytes / loaded.sizeBytes;
    return {
      type: 'spilled',
      kvBytes,
      gpuShare,
      message: `Already partly on the CPU (${Math.round(gpuShare * 100)}% on the GPU), so it runs slower; ${context}, and a larger context moves more of the model to the CPU.`,
    };
  }
  const now = loaded.contextLength === null ? null : kvCacheBytes(kvShape, loaded.contextLength, input.bytesPerElement);
  const extraBytes = now === null ? kvBytes : kvBytes - now;
  if (extraBytes <= 0) {
    return { type: 'fits', kvBytes, message: `Fits: ${context}, no more than the model uses on the GPU now.` };
  }
  return {
    type: 'grows',
    kvBytes,
    extraBytes,
    message: `Needs about ${formatBytes(extraBytes)} more GPU memory than now (${context}). If the GPU has less free, Ollama moves part of the model to the CPU and it gets slower.`,
  };
}
