import { DEFAULTS } from '../../../../../shared/constants';
import type { ProviderChunk } from '../../provider-types';

type Slot = { id?: unknown; is_processing?: unknown; id_task?: unknown; next_token?: Array<{ n_decoded?: unknown }> };

/**
 * How many slots llama.cpp has when every one of them is generating for another request, else
 * null (a free slot, a slot still reading a prompt, or not llama.cpp). `GET /slots` (llama.cpp
 * 82bb48500a9a tools/server/server-context.cpp get_slots; captured as slots.raw: one object per
 * slot with `is_processing`, `id_task`, `next_token[0].n_decoded`) is answered between decoding
 * steps, so it comes back while a request with `-np 1` waits for its headers (concurrent-np1.json:
 * the second request's headers came only when the first ended). A streamed request gets its
 * headers with its first token, so a slot still reading a prompt may be this very request: only a
 * slot whose `n_decoded` grew between two reads `recheckMs` apart, on the same task, or that a new
 * task took meanwhile and already generates for, is someone else's (`n_decoded` counts generated
 * tokens and is not reset until the next prompt is read).
 */
export async function readBusySlots(
  fetchFn: typeof fetch,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
  recheckMs: number,
): Promise<number | null> {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  const read = async (): Promise<Slot[] | null> => {
    const response = await fetchFn(`${root}/slots`, {
      headers: { ...headers },
      signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs)]),
    });
    if (!response.ok) return null;
    const slots: unknown = await response.json();
    return Array.isArray(slots) && slots.length > 0 ? (slots as Slot[]) : null;
  };
  try {
    const before = await read();
    if (!before || !before.every((slot) => slot?.is_processing === true)) return null;
    await new Promise((done) => setTimeout(done, recheckMs));
    const after = await read();
    if (!after || after.length !== before.length) return null;
    const generatingForOthers = after.every((slot, index) => {
      const earlier = before[index];
      const decoded = Number(slot?.next_token?.[0]?.n_decoded);
      if (slot?.is_processing !== true) return false;
      // The same task generated meanwhile; or another task took the slot and is generating already
      // (this request, had it got the slot, would have its headers with its first token).
      return slot.id_task === earlier?.id_task ? decoded > Number(earlier?.next_token?.[0]?.n_decoded) : decoded > 0;
    });
    return generatingForOthers ? after.length : null;
  } catch {
    return null;
  }
}

export interface BusyWatch {
  /** The server's slots when all are busy, else null (asked only of llama.cpp). */
  busySlots(signal: AbortSignal): Promise<number | null>;
  /** How long a request may wait for its headers before the slots are asked. */
  afterMs: number;
  /** The words for a server whose every slot is busy. */
  words(slots: number): string;
}

/**
 * Opens a request; when its headers have not come after `watch.afterMs` and every slot of the
 * server is answering someone else, yields a `waiting` chunk saying the server is busy (not
 * offline, not slow) and keeps waiting for the same request. The request's own outcome, success or
 * error, is returned or thrown unchanged.
 */
export async function* openSayingBusy<T>(
  open: Promise<T>,
  watch: BusyWatch | undefined,
  signal: AbortSignal,
): AsyncGenerator<ProviderChunk, T, undefined> {
  if (watch) {
    const settled = open.then(
      () => true,
      () => true,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<false>((done) => {
      timer = setTimeout(() => done(false), watch.afterMs);
    });
    const answered = await Promise.race([settled, waited]);
    clearTimeout(timer);
    if (!answered && !signal.aborted) {
      const slots = await watch.busySlots(signal);
      if (slots !== null) yield { type: 'waiting', text: watch.words(slots) };
    }
  }
  return await open;
}
