import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../shared/models/format-bytes';
import { estimateContextFit } from './context-fit';
import { kvCacheBytes } from './kv-shape';

const SHAPE = { layers: 32, kvHeads: 8, keyLength: 128, valueLength: 128 };
const GIB = 1_073_741_824;
const base = { kvShape: SHAPE, weightsBytes: 4_700_000_000, bytesPerElement: 2 };
const gpu = { sizeBytes: 6_000_000_000, vramBytes: 6_000_000_000, contextLength: 8192 };
const need8k = `8,192 tokens of context need about ${formatBytes(GIB)}`;

describe('estimateContextFit: each answer whole, and its edges', () => {
  it('unknown without a KV shape, whatever else is known', () => {
    expect(estimateContextFit({ ...base, kvShape: null, contextTokens: 8192, loaded: null })).toEqual({
      type: 'unknown',
      message: 'The server does not describe this model’s layers, so TACO cannot estimate its memory.',
    });
  });

  it('not loaded: the cache beside the weights, and no weights counted when their size is unknown', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: null })).toEqual({
      type: 'not-loaded',
      kvBytes: GIB,
      weightsBytes: 4_700_000_000,
      message: `${need8k} beside the model’s ${formatBytes(4_700_000_000)} (about ${formatBytes(4_700_000_000 + GIB)} in all).`,
    });
    expect(estimateContextFit({ ...base, weightsBytes: null, contextTokens: 8192, loaded: null })).toEqual({
      type: 'not-loaded',
      kvBytes: GIB,
      weightsBytes: 0,
      message: `${need8k} beside the model’s ${formatBytes(0)} (about ${formatBytes(GIB)} in all).`,
    });
  });

  it('on the CPU when no byte is on the GPU', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, vramBytes: 0 } })).toEqual({
      type: 'cpu',
      kvBytes: GIB,
      message: `Runs on the CPU: ${need8k} of RAM.`,
    });
  });

  it('spilled when any byte is off the GPU, not when all of it is on', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, vramBytes: 4_500_000_000 } })).toEqual({
      type: 'spilled',
      kvBytes: GIB,
      gpuShare: 0.75,
      message: `Already partly on the CPU (75% on the GPU), so it runs slower; ${need8k}, and a larger context moves more of the model to the CPU.`,
    });
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, vramBytes: 5_999_999_999 } }).type).toBe('spilled');
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: gpu }).type).toBe('fits');
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, vramBytes: 7_000_000_000 } }).type).toBe('fits');
  });

  it('fits up to the context it was loaded with, to the token; one token more grows by that token’s cache', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: gpu })).toEqual({
      type: 'fits',
      kvBytes: GIB,
      message: `Fits: ${need8k}, no more than the model uses on the GPU now.`,
    });
    const one = kvCacheBytes(SHAPE, 1, 2);
    expect(estimateContextFit({ ...base, contextTokens: 8193, loaded: gpu })).toEqual({
      type: 'grows',
      kvBytes: GIB + one,
      extraBytes: one,
      message: `Needs about ${formatBytes(one)} more GPU memory than now (8,193 tokens of context need about ${formatBytes(GIB + one)}). If the GPU has less free, Ollama moves part of the model to the CPU and it gets slower.`,
    });
  });

  it('counts the whole cache as more when the context it was loaded with is unknown', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, contextLength: null } })).toMatchObject({
      type: 'grows',
      extraBytes: GIB,
    });
  });
});
