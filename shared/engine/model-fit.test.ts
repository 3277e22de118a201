import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants';
import { estimateFit, kvCacheBytes } from './model-fit';
import type { ArchitectureFacts, MachineMemory } from './model-library';

const GB = 1_000_000_000;
const arch: ArchitectureFacts = { layers: 28, kvHeads: 8, headDim: 128, contextLength: 40960 };
const settings = DEFAULTS.engineLibrary;

function machine(totalGb: number, freeGb: number, vramGb: number | null = null): MachineMemory {
  return { totalRamBytes: totalGb * GB, freeRamBytes: freeGb * GB, vramBytes: vramGb === null ? null : vramGb * GB };
}

describe('kvCacheBytes', () => {
  it('counts keys and values for every layer, KV head, head dimension and position', () => {
    // 2 × 28 × 8 × 128 × 8192 × 2 bytes = 939,524,096
    expect(kvCacheBytes(arch, 8192, 2)).toBe(939_524_096);
    expect(kvCacheBytes({ ...arch, layers: 14 }, 8192, 2)).toBe(939_524_096 / 2);
    expect(kvCacheBytes({ ...arch, kvHeads: 4 }, 8192, 2)).toBe(939_524_096 / 2);
    expect(kvCacheBytes({ ...arch, headDim: 64 }, 8192, 2)).toBe(939_524_096 / 2);
    expect(kvCacheBytes(arch, 4096, 2)).toBe(939_524_096 / 2);
    expect(kvCacheBytes(arch, 8192, 1)).toBe(939_524_096 / 2);
  });
});

describe('estimateFit', () => {
  const weights = 2 * GB;
  const kv = kvCacheBytes(arch, 8192, settings.kvBytesPerElement);
  const need = weights + kv + Math.max(settings.overheadMinBytes, weights * settings.overheadFraction);

  it('adds weights, the KV cache at the chosen context and the overhead', () => {
    const fit = estimateFit({ weightsBytes: weights, architecture: arch, contextTokens: 8192, machine: machine(64, 64) });
    expect(fit).toMatchObject({ weightsBytes: weights, kvCacheBytes: kv, needBytes: need, contextTokens: 8192 });
  });

  it('takes at least the minimum overhead for a small model', () => {
    const small = 100_000_000;
    const fit = estimateFit({ weightsBytes: small, architecture: arch, contextTokens: 1024, machine: machine(64, 64) });
    expect(fit.needBytes).toBe(small + kvCacheBytes(arch, 1024, 2) + settings.overheadMinBytes);
  });

  it("caps the context at the model's own context length", () => {
    const fit = estimateFit({
      weightsBytes: weights,
      architecture: { ...arch, contextLength: 4096 },
      contextTokens: 32768,
      machine: machine(64, 64),
    });
    expect(fit.contextTokens).toBe(4096);
    expect(fit.kvCacheBytes).toBe(kvCacheBytes(arch, 4096, 2));
  });

  it('says Fits while the need stays within the share of free RAM, and not one byte beyond', () => {
    const freeAtEdge = need / settings.fitsShare;
    const at = { weightsBytes: weights, architecture: arch, contextTokens: 8192 };
    expect(estimateFit({ ...at, machine: { totalRamBytes: 64 * GB, freeRamBytes: freeAtEdge, vramBytes: null } }).label).toBe('fits');
    expect(estimateFit({ ...at, machine: { totalRamBytes: 64 * GB, freeRamBytes: freeAtEdge - 2, vramBytes: null } }).label).toBe(
      'may-be-slow',
    );
  });

  it('says May be slow when only total RAM holds it, and Won’t fit beyond the share of total RAM', () => {
    const at = { weightsBytes: weights, architecture: arch, contextTokens: 8192 };
    const totalAtEdge = need / settings.slowShareOfTotal;
    expect(estimateFit({ ...at, machine: { totalRamBytes: totalAtEdge, freeRamBytes: 0.5 * GB, vramBytes: null } }).label).toBe(
      'may-be-slow',
    );
    const over = estimateFit({ ...at, machine: { totalRamBytes: totalAtEdge - 2, freeRamBytes: 0.5 * GB, vramBytes: null } });
    expect(over.label).toBe('wont-fit');
    expect(over.reason).toMatch(/in all/);
  });

  it('says Fits on a GPU that holds it even when RAM is short', () => {
    const fit = estimateFit({ weightsBytes: weights, architecture: arch, contextTokens: 8192, machine: machine(4, 0.5, 24) });
    expect(fit.label).toBe('fits');
    expect(fit.reason).toMatch(/GPU/);
  });

  it('says May be slow when it spills from a small GPU into RAM', () => {
    const fit = estimateFit({ weightsBytes: weights, architecture: arch, contextTokens: 8192, machine: machine(64, 32, 2) });
    expect(fit.label).toBe('may-be-slow');
    expect(fit.reason).toMatch(/CPU/);
  });

  it('a larger context can move a model from Fits to May be slow', () => {
    const m = machine(16, (weights + kvCacheBytes(arch, 4096, 2) + settings.overheadMinBytes) / settings.fitsShare / GB);
    expect(estimateFit({ weightsBytes: weights, architecture: arch, contextTokens: 4096, machine: m }).label).toBe('fits');
    expect(estimateFit({ weightsBytes: weights, architecture: arch, contextTokens: 32768, machine: m }).label).toBe('may-be-slow');
  });
});
