import { DEFAULTS } from '../../../../shared/constants';
import { ProviderError, type ProviderChunk } from '../../provider/provider-types';
import { engineMessages } from '../engine-messages';
import type { EngineExit, EngineProcess, EngineProcessLauncher } from './engine-process';
import { fromEngineSchema, type EngineCall, type EngineResult, type EngineTarget, type ToEngine } from './engine-protocol';

export interface EngineCallOptions {
  /** Who asks, for the errors' `host`. */
  host: string;
  signal?: AbortSignal;
  onChunk?: (chunk: ProviderChunk) => void;
}

/** Main's side of the engine host: calls out, answers in, the process started when needed. */
export interface EngineClient {
  call(target: EngineTarget, call: EngineCall, options: EngineCallOptions): Promise<EngineResult>;
  /** Ends the engine host now (the app quitting, tests). */
  close(): void;
}

export interface EngineClientOptions {
  launch: EngineProcessLauncher;
  /** Default DEFAULTS.engine.idleExitMs. */
  idleExitMs?: number;
  exitGraceMs?: number;
  /** Told each time an engine host starts (tests, the bench). */
  onStart?: (engine: EngineProcess) => void;
}

interface Pending {
  host: string;
  resolve: (result: EngineResult) => void;
  reject: (error: ProviderError) => void;
  onChunk?: (chunk: ProviderChunk) => void;
}

interface Running {
  engine: EngineProcess;
  pending: Map<number, Pending>;
  idle: ReturnType<typeof setTimeout> | null;
}

/**
 * The engine host as calls that resolve: started on the first call, one for all built-in servers
 * (it keeps one model loaded). Every message it sends is parsed; one that does not parse stops it.
 * A cancel reaches it and the call ends `aborted` at once. When it dies (a crash, an out-of-memory
 * kill) every waiting call fails with words and the next call starts a fresh one. Idle for
 * `idleExitMs`, it is asked to exit and gives its memory back.
 */
export function createEngineClient(options: EngineClientOptions): EngineClient {
  const idleExitMs = options.idleExitMs ?? DEFAULTS.engine.idleExitMs;
  const exitGraceMs = options.exitGraceMs ?? DEFAULTS.engine.exitGraceMs;
  let running: Running | null = null;
  let nextId = 1;

  function start(): Running {
    const engine = options.launch();
    const state: Running = { engine, pending: new Map(), idle: null };
    engine.onMessage((raw) => receive(state, raw));
    engine.onExit((how) => ended(state, how));
    engine.hold(false);
    options.onStart?.(engine);
    return state;
  }

  function receive(state: Running, raw: unknown): void {
    const parsed = fromEngineSchema.safeParse(raw);
    if (!parsed.success) {
      stop(
        state,
        (host) => new ProviderError('ollama-error', engineMessages.unreadable(parsed.error.issues[0]?.message ?? 'bad message'), host),
      );
      return;
    }
    const message = parsed.data;
    const pending = state.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'chunk') {
      pending.onChunk?.(message.chunk);
      return;
    }
    settle(state, message.id);
    if (message.type === 'result') pending.resolve(message.result);
    else pending.reject(new ProviderError(message.error.kind, message.error.message, pending.host, null, message.error.detail));
  }

  function ended(state: Running, how: EngineExit): void {
    if (running === state) running = null;
    if (state.idle) clearTimeout(state.idle);
    const waiting = [...state.pending.values()];
    state.pending.clear();
    for (const pending of waiting) pending.reject(new ProviderError('ollama-error', engineMessages.stopped(how), pending.host));
  }

  /** Kills the engine host and fails what waits on it with `error`. */
  function stop(state: Running, error: (host: string) => ProviderError): void {
    if (running === state) running = null;
    const waiting = [...state.pending.values()];
    state.pending.clear();
    state.engine.kill();
    for (const pending of waiting) pending.reject(error(pending.host));
  }

  /** A call is over: the process no longer holds main alive, and with nothing left the idle clock starts. */
  function settle(state: Running, id: number): void {
    state.pending.delete(id);
    if (state.pending.size > 0) return;
    state.engine.hold(false);
    state.idle = setTimeout(() => retire(state), idleExitMs);
    state.idle.unref?.();
  }

  function retire(state: Running): void {
    if (state.pending.size > 0 || running !== state) return;
    running = null;
    state.engine.send({ type: 'exit' } satisfies ToEngine);
    const kill = setTimeout(() => state.engine.kill(), exitGraceMs);
    kill.unref?.();
    state.engine.onExit(() => clearTimeout(kill));
  }

  return {
    call(target, call, { host, signal, onChunk }) {
      if (signal?.aborted) return Promise.reject(new ProviderError('aborted', 'Stopped.', host));
      const state = (running ??= start());
      if (state.idle) clearTimeout(state.idle);
      state.idle = null;
      const id = nextId++;
      return new Promise<EngineResult>((resolve, reject) => {
        const onAbort = (): void => {
          if (!state.pending.has(id)) return;
          state.engine.send({ type: 'cancel', id } satisfies ToEngine);
          settle(state, id);
          reject(new ProviderError('aborted', 'Stopped.', host));
        };
        const done = (): void => signal?.removeEventListener('abort', onAbort);
        state.pending.set(id, {
          host,
          resolve: (result) => {
            done();
            resolve(result);
          },
          reject: (error) => {
            done();
            reject(error);
          },
          ...(onChunk ? { onChunk } : {}),
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        state.engine.hold(true);
        state.engine.send({ type: 'call', id, target, call } satisfies ToEngine);
      });
    },
    close() {
      if (running) stop(running, (host) => new ProviderError('aborted', 'Stopped.', host));
    },
  };
}
