import type { PullProgress } from './model-admin-types';

interface LayerProgress {
  total: number;
  completed: number;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * Ollama reports a pull per layer (`digest`, `total`, `completed`) with status lines in between.
 * This keeps the latest numbers of each layer and sums them, so the bar moves over the whole
 * download instead of restarting at every layer.
 */
export function createPullProgressTracker(): (line: unknown) => PullProgress {
  const layers = new Map<string, LayerProgress>();
  let status = 'starting';

  return (line) => {
    const record = typeof line === 'object' && line !== null ? (line as Record<string, unknown>) : {};
    if (typeof record.status === 'string' && record.status.trim() !== '') status = record.status.trim();
    const digest = typeof record.digest === 'string' ? record.digest : null;
    const total = count(record.total);
    if (digest !== null && total !== null && total > 0) {
      const completed = Math.min(total, count(record.completed) ?? layers.get(digest)?.completed ?? 0);
      layers.set(digest, { total, completed });
    }
    if (layers.size === 0) return { status, completedBytes: null, totalBytes: null };
    let totalBytes = 0;
    let completedBytes = 0;
    for (const layer of layers.values()) {
      totalBytes += layer.total;
      completedBytes += layer.completed;
    }
    return { status, completedBytes, totalBytes };
  };
}
