import type { ModelEvent, PullProgressEvent } from '../../../../shared/contract/events';

/** Where a pull stands, from its `pull-progress` events. */
export type PullPhase = 'running' | 'done' | 'failed' | 'cancelled';

export interface PullState {
  pullId: string;
  model: string;
  /** Ollama's status line ("pulling manifest", "verifying sha256 digest"...). */
  status: string;
  completedBytes: number | null;
  totalBytes: number | null;
  phase: PullPhase;
  error: string | null;
}

/** Status of the last event of a pull the user cancelled (see main's pull-registry.ts). */
export const PULL_CANCELLED_STATUS = 'cancelled';

export function pullPhase(event: PullProgressEvent): PullPhase {
  if (!event.done) return 'running';
  if (event.error !== null) return 'failed';
  return event.status === PULL_CANCELLED_STATUS ? 'cancelled' : 'done';
}

/** The pulls after a batch of events: each event updates (or adds) its pull; finished pulls never restart. */
export function applyPullEvents(pulls: readonly PullState[], events: readonly ModelEvent[]): PullState[] {
  const next = [...pulls];
  for (const event of events) {
    if (typeof event !== 'object' || event === null || event.type !== 'pull-progress' || typeof event.pullId !== 'string') continue;
    const index = next.findIndex((pull) => pull.pullId === event.pullId);
    const existing = index >= 0 ? next[index] : undefined;
    if (existing && existing.phase !== 'running') continue;
    const state: PullState = {
      pullId: event.pullId,
      model: event.model,
      status: event.status,
      completedBytes: event.completedBytes,
      totalBytes: event.totalBytes,
      phase: pullPhase(event),
      error: event.error,
    };
    if (index >= 0) next[index] = state;
    else next.push(state);
  }
  return next;
}

/** 0–100, or null while the size is unknown. */
export function pullPercent(pull: Pick<PullState, 'completedBytes' | 'totalBytes'>): number | null {
  if (pull.totalBytes === null || pull.completedBytes === null || pull.totalBytes <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((pull.completedBytes / pull.totalBytes) * 100)));
}
