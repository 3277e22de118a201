import { DEFAULTS } from '../../../../shared/constants';

export interface BurstOptions {
  /** A burst is cut after this long, so a flood still reaches the reader in steady pieces. */
  sliceMs?: number;
  now?: () => number;
  /** Runs `callback` once the event loop has turned (default: setImmediate). */
  onNextTurn?: (callback: () => void) => void;
}

const TURN = Symbol('turn');
/** The clock is read once per this many items of a burst (reading it costs more than an item). */
const CLOCK_EVERY = 32;

/**
 * Reads `source` and yields what arrived together as one array. While items are already waiting
 * (a model streaming faster than we read), the next one comes without the event loop turning,
 * so it joins the burst; once the loop turns before the next item is there, the burst goes out.
 * A slow stream therefore yields every item at once, alone; a flood yields a few large bursts,
 * and everything after the provider handles one burst instead of one item per token.
 * Items read before an error are yielded before the error is thrown.
 */
export async function* readInBursts<T>(source: AsyncIterator<T>, options: BurstOptions = {}): AsyncGenerator<T[], void, undefined> {
  const sliceMs = options.sliceMs ?? DEFAULTS.providerPerf.burstSliceMs;
  const now = options.now ?? (() => performance.now());
  const onNextTurn = options.onNextTurn ?? ((callback: () => void) => void setImmediate(callback));
  let burst: T[] = [];
  let startedAt = 0;
  let turnPending = false;
  /** Set while waiting for the next item with a burst in hand: the loop's turn ends the wait. */
  let wake: ((value: typeof TURN) => void) | null = null;
  const take = (): T[] => {
    const out = burst;
    burst = [];
    return out;
  };
  const nextOrTurn = (next: Promise<IteratorResult<T>>): Promise<IteratorResult<T> | typeof TURN> => {
    if (!turnPending) {
      turnPending = true;
      onNextTurn(() => {
        turnPending = false;
        wake?.(TURN);
      });
    }
    return new Promise((resolve, reject) => {
      wake = resolve;
      next.then(resolve, reject);
    });
  };

  for (;;) {
    const next = source.next();
    let result: IteratorResult<T>;
    try {
      if (burst.length === 0) {
        result = await next;
      } else {
        const first = await nextOrTurn(next);
        wake = null;
        if (first === TURN) {
          // Nothing was waiting: hand over what we have, then wait for the next item.
          next.catch(() => undefined);
          yield take();
          result = await next;
        } else {
          result = first;
        }
      }
    } catch (error) {
      wake = null;
      if (burst.length > 0) yield take();
      throw error;
    }
    if (result.done) {
      if (burst.length > 0) yield take();
      return;
    }
    if (burst.length === 0) startedAt = now();
    burst.push(result.value);
    if (burst.length % CLOCK_EVERY === 0 && now() - startedAt >= sliceMs) yield take();
  }
}
