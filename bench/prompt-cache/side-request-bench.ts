import { ProviderError, type ChatProvider, type ProviderChunk } from '../../electron/services/provider/provider-types';
import { scheduleSideRequests } from '../../electron/services/provider/side-request-scheduler';
import { median } from '../report/bench-stats';

/** How long the single-slot fake takes to answer a side request (a short title on a small model). */
const SIDE_ANSWER_MS = 150;
const PAIRS = 7;

/**
 * A server with one slot, as Ollama with OLLAMA_NUM_PARALLEL=1: requests are served one at a time
 * in arrival order; a side request holds the slot for SIDE_ANSWER_MS unless its client goes away
 * (Ollama stops a request whose connection closes).
 */
function singleSlotServer(): ChatProvider {
  let slot: Promise<void> = Promise.resolve();
  const take = (): Promise<() => void> => {
    let release = (): void => undefined;
    const previous = slot;
    slot = new Promise((resolve) => (release = resolve));
    return previous.then(() => release);
  };
  return {
    host: 'http://single-slot.invalid',
    listModels: async () => [],
    capabilities: async () => ({ tools: true, thinking: false, vision: false, contextLength: 8192 }),
    streamChat: (request) =>
      (async function* (): AsyncGenerator<ProviderChunk> {
        const release = await take();
        try {
          yield { type: 'text', text: 'first token' };
        } finally {
          release();
        }
        void request;
      })(),
    async complete(request) {
      const release = await take();
      try {
        if (request.signal.aborted) throw new ProviderError('aborted', 'stopped', 'http://single-slot.invalid');
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, SIDE_ANSWER_MS);
          request.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(new ProviderError('aborted', 'stopped', 'http://single-slot.invalid'));
            },
            { once: true },
          );
        });
        return 'A title';
      } finally {
        release();
      }
    },
  };
}

async function firstTokenMs(provider: ChatProvider, withSide: boolean): Promise<number> {
  const side = withSide
    ? provider
        .complete({ model: 'm', messages: [{ role: 'user', content: 'title?' }], maxTokens: 8, signal: new AbortController().signal })
        .catch(() => null)
    : Promise.resolve(null);
  const started = performance.now();
  const stream = provider.streamChat({
    model: 'm',
    messages: [{ role: 'user', content: 'next step' }],
    signal: new AbortController().signal,
  });
  let first = 0;
  for await (const chunk of stream) if (first === 0 && chunk.type === 'text') first = performance.now() - started;
  await side;
  return first;
}

/**
 * side_request_delay_ms: a side request sent just before the next step, on a single-slot server,
 * through TACO's provider scheduling: the step's first token with the side request minus without,
 * median of interleaved pairs. Also logged: the same without the scheduler.
 */
export async function sideRequestDelay(log: (line: string) => void): Promise<number> {
  const delays = async (provider: () => ChatProvider): Promise<number> => {
    const differences: number[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const alone = await firstTokenMs(provider(), false);
      const behind = await firstTokenMs(provider(), true);
      differences.push(behind - alone);
    }
    return median(differences);
  };
  const scheduled = await delays(() => scheduleSideRequests(singleSlotServer()));
  const unscheduled = await delays(() => singleSlotServer());
  log(`  side request before a step, single slot: ${scheduled.toFixed(2)} ms with the scheduler, ${unscheduled.toFixed(0)} ms without`);
  return scheduled;
}
