import { DEFAULTS } from '../constants';
import { formatBytes } from '../models/format-bytes';
import type { ArchitectureFacts, FitEstimate, MachineMemory } from './model-library';

export interface FitInput {
  /** The GGUF file's size: the weights as loaded. */
  weightsBytes: number;
  architecture: ArchitectureFacts;
  /** The context the user chose; capped at the model's own context length. */
  contextTokens: number;
  machine: MachineMemory;
}

type FitSettings = Pick<
  typeof DEFAULTS.engineLibrary,
  'kvBytesPerElement' | 'overheadFraction' | 'overheadMinBytes' | 'fitsShare' | 'slowShareOfTotal'
>;

/** Keys and values for every layer, KV head and position of the context. */
export function kvCacheBytes(architecture: ArchitectureFacts, contextTokens: number, bytesPerElement: number): number {
  return 2 * architecture.layers * architecture.kvHeads * architecture.headDim * contextTokens * bytesPerElement;
}

/**
 * Whether a model fits this machine at a context: "Fits" when weights + KV cache + overhead sit within
 * a share of free VRAM (where known) or free RAM; "May be slow" when it only fits by spilling from the
 * GPU to RAM or by pushing other programs out of RAM; "Won't fit" beyond that share of total RAM.
 */
export function estimateFit(input: FitInput, settings: FitSettings = DEFAULTS.engineLibrary): FitEstimate {
  const contextTokens = Math.max(1, Math.min(input.contextTokens, input.architecture.contextLength));
  const kv = kvCacheBytes(input.architecture, contextTokens, settings.kvBytesPerElement);
  const overhead = Math.max(settings.overheadMinBytes, Math.round(input.weightsBytes * settings.overheadFraction));
  const needBytes = input.weightsBytes + kv + overhead;
  const base = { needBytes, weightsBytes: input.weightsBytes, kvCacheBytes: kv, contextTokens };
  const need = formatBytes(needBytes);
  const { machine } = input;
  if (machine.vramBytes !== null && needBytes <= machine.vramBytes * settings.fitsShare)
    return { ...base, label: 'fits', reason: `Needs about ${need}; the GPU has ${formatBytes(machine.vramBytes)}.` };
  if (needBytes <= machine.freeRamBytes * settings.fitsShare)
    return machine.vramBytes === null
      ? { ...base, label: 'fits', reason: `Needs about ${need}; ${formatBytes(machine.freeRamBytes)} of memory is free.` }
      : { ...base, label: 'may-be-slow', reason: `Needs about ${need}, more than the GPU holds: part of it runs on the CPU.` };
  if (needBytes <= machine.totalRamBytes * settings.slowShareOfTotal)
    return {
      ...base,
      label: 'may-be-slow',
      reason: `Needs about ${need}, more than the ${formatBytes(machine.freeRamBytes)} free now: close other programs or expect it to be slow.`,
    };
  return {
    ...base,
    label: 'wont-fit',
    reason: `Needs about ${need}; this machine has ${formatBytes(machine.totalRamBytes)} of memory in all.`,
  };
}

export const FIT_LABEL_TEXT: Record<FitEstimate['label'], string> = {
  fits: 'Fits',
  'may-be-slow': 'May be slow',
  'wont-fit': "Won't fit",
};
