import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describeDuration } from '../catalogue/describe-duration';
import { ToolFailure } from '../catalogue/tool-runtime-types';
import { BLOCKED_MATH_FUNCTIONS, MATH_WORKER_SOURCE } from './math-worker-source';

export interface MathLimits {
  timeoutMs: number;
  /** Heap of the worker; an expression that needs more (zeros(1e5, 1e5)) is stopped. */
  maxMemoryMb: number;
  maxExpressionChars: number;
  maxResultChars: number;
}

export interface MathEvaluator {
  evaluate(expression: string, signal: AbortSignal): Promise<string>;
  /** Stops the worker (tests; the app lets it die with the process). */
  close(): Promise<void>;
}

type Reply = { type: 'result'; text: string } | { type: 'error'; message: string };

interface Running {
  worker: Worker;
  /** Resolves once the worker has loaded mathjs (its `ready` message). */
  ready: Promise<void>;
  pending: Map<number, (outcome: { ok: true; reply: Reply } | { ok: false; failure: ToolFailure }) => void>;
}

const mathjsPath = createRequire(import.meta.url).resolve('mathjs');

/**
 * Evaluates mathjs expressions in a worker thread with a memory cap and a time limit, so no
 * expression can hang or exhaust the app; never JavaScript eval. The worker starts on first use
 * and is reused; an expression that runs too long or needs too much memory takes it down, and
 * the next call starts a fresh one.
 */
export function createMathEvaluator(limits: MathLimits): MathEvaluator {
  let running: Running | null = null;
  let nextId = 1;

  const start = (): Running => {
    const worker = new Worker(MATH_WORKER_SOURCE, {
      eval: true,
      workerData: { mathjsPath, blocked: [...BLOCKED_MATH_FUNCTIONS] },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.floor(limits.maxMemoryMb / 4)),
      },
      stdout: true,
      stderr: true,
    });
    let markReady: () => void = () => undefined;
    const state: Running = { worker, ready: new Promise<void>((resolve) => (markReady = resolve)), pending: new Map() };
    const failAll = (failure: ToolFailure) => {
      if (running === state) running = null;
      for (const settle of state.pending.values()) settle({ ok: false, failure });
      state.pending.clear();
    };
    worker.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && Reflect.get(message, 'type') === 'ready') {
        markReady();
        return;
      }
      const id: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : undefined;
      const settle = typeof id === 'number' ? state.pending.get(id) : undefined;
      if (settle === undefined || typeof id !== 'number') return;
      state.pending.delete(id);
      settle({ ok: true, reply: toReply(message) });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      failAll(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ToolFailure('The calculation needed too much memory and was stopped. Use smaller numbers or matrices.')
          : new ToolFailure(`The calculation failed (${error.message}).`),
      );
    });
    worker.on('exit', () => failAll(new ToolFailure('The calculation stopped without a result. Try a simpler expression.')));
    // Idle, the worker never keeps its process alive; a calculation refs it until it settles. After
    // the listeners: adding a 'message' listener refs the worker's port again, so a worker unref'd
    // before it kept its process alive after the first calculation.
    worker.unref();
    return state;
  };

  const kill = (state: Running, failure: ToolFailure) => {
    if (running === state) running = null;
    for (const settle of state.pending.values()) settle({ ok: false, failure });
    state.pending.clear();
    void state.worker.terminate();
  };

  return {
    evaluate(expression, signal) {
      const problem = checkExpression(expression, limits);
      if (problem !== null) return Promise.reject(problem);
      if (signal.aborted) return Promise.reject(cancelled());
      const state = running ?? (running = start());
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const onAbort = () => kill(state, cancelled());
        signal.addEventListener('abort', onAbort, { once: true });
        state.worker.ref();
        state.pending.set(id, (outcome) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          if (state.pending.size === 0) state.worker.unref();
          if (!outcome.ok) return reject(outcome.failure);
          if (outcome.reply.type === 'error')
            return reject(new ToolFailure(`"${expression}" could not be calculated: ${outcome.reply.message}.`));
          const text = outcome.reply.text;
          resolve(text.length > limits.maxResultChars ? `${text.slice(0, limits.maxResultChars)} … (cut)` : text);
        });
        // The time limit is the expression's own: it starts once the worker is ready for it.
        void state.ready.then(() => {
          if (!state.pending.has(id)) return;
          timer = setTimeout(() => {
            kill(
              state,
              new ToolFailure(
                `The calculation did not finish within ${describeDuration(limits.timeoutMs)} and was stopped. Simplify the expression or split it up.`,
              ),
            );
          }, limits.timeoutMs);
          state.worker.postMessage({ id, expression });
        });
      });
    },
    async close() {
      const state = running;
      running = null;
      if (state !== null) await state.worker.terminate();
    },
  };
}

function checkExpression(expression: string, limits: MathLimits): ToolFailure | null {
  if (expression.trim() === '') return new ToolFailure('The expression is empty. Give one such as "2 * (3 + 4)" or "sqrt(2)".');
  if (expression.length > limits.maxExpressionChars) {
    return new ToolFailure(
      `The expression is ${expression.length} characters long; calculate takes at most ${limits.maxExpressionChars}. Split it into smaller calculations.`,
    );
  }
  return null;
}

function cancelled(): ToolFailure {
  return new ToolFailure('The calculation was stopped because the run was cancelled.');
}

function toReply(message: unknown): Reply {
  const get = (key: string): unknown => (typeof message === 'object' && message !== null ? Reflect.get(message, key) : undefined);
  return get('type') === 'result' ? { type: 'result', text: String(get('text')) } : { type: 'error', message: String(get('message')) };
}
