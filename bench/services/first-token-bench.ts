import { Ollama } from 'ollama';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { interleave } from '../report/bench-stats';
import { startServicesHarness, type ServicesHarness } from './services-harness';

const PROMPT = 'Say hello';

/** ms from the request to the first content the bare ollama client reads. */
async function bareFirstToken(client: Ollama): Promise<number> {
  const started = performance.now();
  const stream = await client.chat({ model: BENCH_DEFAULTS.model, messages: [{ role: 'user', content: PROMPT }], stream: true });
  let first: number | null = null;
  for await (const part of stream) {
    if (first === null && part.message.content) first = performance.now() - started;
  }
  if (first === null) throw new Error('the fake server sent no content');
  return first;
}

/** ms from chat.send to the first text-delta reaching a subscriber of the app services. */
async function appFirstToken(harness: ServicesHarness): Promise<number> {
  const started = performance.now();
  const conversationId = await harness.send(PROMPT, BENCH_DEFAULTS.model);
  const marks = await harness.until(conversationId, (m) => m.firstTextAt !== null && m.finishedAt !== null);
  harness.forget(conversationId);
  if (marks.finishReason !== 'complete') throw new Error(`the run ended with ${marks.finishReason ?? 'nothing'}`);
  return (marks.firstTextAt ?? started) - started;
}

/**
 * first_token_overhead_ms: what TACO adds in front of the first token. Pairs alternate the bare
 * client and a full `chat.send` (new conversation, history, capabilities, system prompt, tools,
 * timeline, batcher) against the same fake server; the figure is the median of the differences.
 * Each measurement starts once no batch has gone out for `firstTokenQuietMs`, as a user's send does.
 */
export async function runFirstTokenBench(options: BenchLog): Promise<Samples> {
  const harness = await startServicesHarness('bench-first-token');
  const client = new Ollama({ host: harness.ollamaUrl });
  try {
    for (let warm = 0; warm < BENCH_DEFAULTS.firstTokenWarmupPairs; warm += 1) {
      await bareFirstToken(client);
      await appFirstToken(harness);
    }
    const bare: number[] = [];
    const app: number[] = [];
    for (const variant of interleave(['bare', 'app'] as const, options.runs * BENCH_DEFAULTS.firstTokenPairsPerRun)) {
      // A user sends after a quiet moment. Back to back, the new run's first batch waited out the
      // batch interval begun by the previous run's last batch: the bench's own pace, not TACO's cost.
      await harness.quiet(BENCH_DEFAULTS.firstTokenQuietMs);
      if (variant === 'bare') bare.push(await bareFirstToken(client));
      else app.push(await appFirstToken(harness));
    }
    const differences = app.flatMap((ms, index) => (bare[index] === undefined ? [] : [ms - (bare[index] ?? 0)]));
    options.log(`  first token: bare ${summary(bare)}, chat.send ${summary(app)}`);
    return { first_token_overhead_ms: differences };
  } finally {
    await harness.close();
  }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms`;
}
