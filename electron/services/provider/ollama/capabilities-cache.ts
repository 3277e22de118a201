import type { ModelCapabilities } from '../../../../shared/models/models';

/**
 * One /api/show per model per provider: results are kept, concurrent lookups share one request,
 * failures are not kept (the next call asks again). A caller's abort ends only its own wait.
 */
export class CapabilitiesCache {
  private readonly known = new Map<string, ModelCapabilities>();
  private readonly pending = new Map<string, Promise<ModelCapabilities>>();

  constructor(private readonly load: (model: string) => Promise<ModelCapabilities>) {}

  /** The server refused `tools` for this model: it is treated as tool-less from now on. */
  withoutTools(model: string, known: ModelCapabilities): void {
    this.known.set(model, { ...(this.known.get(model) ?? known), tools: false });
  }

  /** What was learned about this model may be out of date (the server said the prompt does not fit): read it again next time. */
  forget(model: string): void {
    this.known.delete(model);
  }

  get(model: string, signal: AbortSignal | undefined, onAbort: () => Error): Promise<ModelCapabilities> {
    const cached = this.known.get(model);
    if (cached) return Promise.resolve(cached);
    if (signal?.aborted) return Promise.reject(onAbort());
    let lookup = this.pending.get(model);
    if (!lookup) {
      lookup = this.load(model).then(
        (capabilities) => {
          this.known.set(model, capabilities);
          this.pending.delete(model);
          return capabilities;
        },
        (error: unknown) => {
          this.pending.delete(model);
          throw error;
        },
      );
      this.pending.set(model, lookup);
    }
    return signal ? raceAbort(lookup, signal, onAbort) : lookup;
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
