import { describe, expect, it } from 'vitest';
import { estimateContextFit } from './context-fit';
import { kvCacheBytes, parseKvShape } from './kv-shape';
import { parseCapabilities } from '../ollama/ollama-responses';

// The model_info of ollama/ollama docs/api.md's /api/show example (llama3.1 8B, fb30760).
const LLAMA_8B_INFO = {
  'general.architecture': 'llama',
  'general.parameter_count': 8030261248,
  'llama.attention.head_count': 32,
  'llama.attention.head_count_kv': 8,
  'llama.block_count': 32,
  'llama.context_length': 8192,
  'llama.embedding_length': 4096,
  'llama.rope.dimension_count': 128,
};
const LLAMA_8B = { layers: 32, kvHeads: 8, keyLength: 128, valueLength: 128 };

describe('the KV shape from /api/show model_info', () => {
  it('reads layers, KV heads and the head length (embedding_length / head_count when key/value length are absent)', () => {
    expect(parseKvShape(LLAMA_8B_INFO)).toEqual(LLAMA_8B);
    expect(parseCapabilities({ capabilities: ['completion'], model_info: LLAMA_8B_INFO }).kvShape).toEqual(LLAMA_8B);
  });

  it('takes explicit key/value lengths and per-layer head counts as Ollama does (largest KV heads, smallest heads)', () => {
    // Shaped like docs/openapi.yaml's gemma4 example: key_length and value_length given.
    const gemma = {
      'general.architecture': 'gemma4',
      'gemma4.block_count': 42,
      'gemma4.attention.head_count': [8, 8, 4],
      'gemma4.attention.head_count_kv': [2, 1, 2],
      'gemma4.attention.key_length': 512,
      'gemma4.attention.value_length': 256,
      'gemma4.embedding_length': 2560,
    };
    expect(parseKvShape(gemma)).toEqual({ layers: 42, kvHeads: 2, keyLength: 512, valueLength: 256 });
    const { 'gemma4.attention.key_length': _k, 'gemma4.attention.value_length': _v, ...withoutLengths } = gemma;
    expect(parseKvShape(withoutLengths)).toEqual({ layers: 42, kvHeads: 2, keyLength: 640, valueLength: 640 });
  });

  it('is null when the server leaves out or garbles what the estimate needs', () => {
    expect(parseKvShape({})).toBeNull();
    expect(parseKvShape({ ...LLAMA_8B_INFO, 'general.architecture': 7 })).toBeNull();
    expect(parseKvShape({ ...LLAMA_8B_INFO, 'llama.block_count': '32' })).toBeNull();
    expect(parseKvShape({ ...LLAMA_8B_INFO, 'llama.attention.head_count_kv': -8 })).toBeNull();
    expect(parseKvShape({ ...LLAMA_8B_INFO, 'llama.attention.head_count': 0 })).toBeNull();
    expect(parseCapabilities({ model_info: 'nope' }).kvShape).toBeNull();
  });

  it('sizes the cache as Ollama does: tokens × layers × (K + V length) × KV heads × bytes per element', () => {
    // 8192 tokens of llama3.1 8B at f16: 8192 × 32 × 256 × 8 × 2 = 1 GiB.
    expect(kvCacheBytes(LLAMA_8B, 8192, 2)).toBe(1_073_741_824);
    expect(kvCacheBytes(LLAMA_8B, 8192, 1)).toBe(536_870_912);
  });
});

describe('whether a context fits', () => {
  const base = { kvShape: LLAMA_8B, weightsBytes: 4_700_000_000, bytesPerElement: 2 };
  const gpu = { sizeBytes: 6_000_000_000, vramBytes: 6_000_000_000, contextLength: 8192 };

  it('fits when the model is all on the GPU and the context is no larger than it was loaded with', () => {
    const fit = estimateContextFit({ ...base, contextTokens: 4096, loaded: gpu });
    expect(fit.type).toBe('fits');
  });

  it('warns with the extra GPU memory a larger context needs', () => {
    const fit = estimateContextFit({ ...base, contextTokens: 32_768, loaded: gpu });
    expect(fit).toMatchObject({ type: 'grows', extraBytes: kvCacheBytes(LLAMA_8B, 32_768 - 8192, 2) });
    expect(fit.message).toContain('3.2 GB more GPU memory');
    expect(fit.message).toContain('moves part of the model to the CPU');
  });

  it('says a model already partly on the CPU is, with its GPU share', () => {
    const fit = estimateContextFit({ ...base, contextTokens: 4096, loaded: { ...gpu, vramBytes: 1_500_000_000 } });
    expect(fit).toMatchObject({ type: 'spilled', gpuShare: 0.25 });
    expect(fit.message).toContain('25% on the GPU');
  });

  it('says a CPU-only model costs RAM, and a model not loaded needs its weights plus the cache', () => {
    expect(estimateContextFit({ ...base, contextTokens: 8192, loaded: { ...gpu, vramBytes: 0 } }).type).toBe('cpu');
    const cold = estimateContextFit({ ...base, contextTokens: 8192, loaded: null });
    expect(cold).toMatchObject({ type: 'not-loaded', kvBytes: 1_073_741_824, weightsBytes: 4_700_000_000 });
    expect(cold.message).toContain('about 5.8 GB in all');
  });

  it('is unknown, in words, without a KV shape', () => {
    const fit = estimateContextFit({ ...base, kvShape: null, contextTokens: 8192, loaded: gpu });
    expect(fit.type).toBe('unknown');
    expect(fit.message).toMatch(/cannot estimate/);
  });
});
