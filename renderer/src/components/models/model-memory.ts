import type { ModelInfo } from '../../../../shared/models/models';

/**
 * Where a loaded model sits, from the server's own figures (Ollama `/api/ps`): all on the GPU, or
 * the share the CPU runs (slower). Null when the server did not say it is loaded.
 */
export function memoryLine(model: Pick<ModelInfo, 'loaded'>): { text: string; spilled: boolean } | null {
  const loaded = model.loaded;
  if (!loaded || loaded.sizeBytes <= 0) return null;
  const onCpu = Math.round(((loaded.sizeBytes - loaded.vramBytes) / loaded.sizeBytes) * 100);
  if (loaded.vramBytes === 0) return { text: 'Loaded · runs on the CPU', spilled: false };
  if (onCpu <= 0) return { text: 'Loaded · fits in GPU memory', spilled: false };
  return { text: `Loaded · ${onCpu}% does not fit in GPU memory and runs on the CPU (slower)`, spilled: true };
}
