import type { CallName } from '../../../shared/contract/contract';
import { flightKey, type GetState, type SetState } from './store-types';

/**
 * Runs `work` with its call and id marked in flight: a second press while it runs does nothing
 * (resolves null), and a failure becomes a notice (resolves null).
 */
export async function runInFlight<T>(set: SetState, get: GetState, call: CallName, id: string, work: () => Promise<T>): Promise<T | null> {
  const key = flightKey(call, id);
  if (get().inFlight[key]) return null;
  set((state) => ({ inFlight: { ...state.inFlight, [key]: true } }));
  try {
    return await work();
  } catch (error) {
    get().reportError(error);
    return null;
  } finally {
    set((state) => {
      const next = { ...state.inFlight };
      delete next[key];
      return { inFlight: next };
    });
  }
}
