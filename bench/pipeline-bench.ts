import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ollama } from 'ollama';
import { DEFAULTS } from '../shared/constants';
import type { TacoEvent } from '../shared/contract/events';
import { loadCatalogue } from '../tools/catalogue/load-catalogue';
import { runAgent } from '../electron/services/agent/loop/run-agent';
import { createEventHub, type EventHub } from '../electron/services/app/events/event-hub';
import { createOllamaProvider } from '../electron/services/provider/ollama/ollama-provider';
import type { ChatProvider } from '../electron/services/provider/provider-types';
import { createConversationStore } from '../electron/services/store/conversations/conversation-store';
import { createTimelineWriter } from '../electron/services/store/timeline/timeline-writer';
import type { ToolRegistry } from '../tools/catalogue/tool-runtime-types';
import { benchRunInput } from './bench-agent-input';
import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './report/bench-figures';
import { startFakeOllamaProcess } from './runner/bench-processes';
import { highestRate, interleave } from './report/bench-stats';
import { sizeStreamByTime } from './stream-sizing';

type Variant = 'bare' | 'pipeline';

export interface StreamRun {
  ms: number;
  cpuUs: number;
  batchTimes: number[];
  chars: number;
  /** Tokens the run delivered: the completion tokens reported with the stream it passed on. */
  tokens: number;
}

/** The completion tokens a run's usage events report (one per model step). */
export function deliveredTokens(events: readonly TacoEvent[], runId: string): number {
  return events.reduce((sum, event) => sum + (event.type === 'usage' && event.runId === runId ? event.completionTokens : 0), 0);
}

/**
 * Every run must have delivered the whole stream: the tokens asked for, and the same text as
 * every other run. A run that delivered less would make the per-token figures lie, so it stops
 * the bench with what was delivered.
 */
export function checkDelivered(runs: ReadonlyArray<{ variant: string; run: StreamRun }>, expectedTokens: number): void {
  const chars = runs[0]?.run.chars;
  for (const { variant, run } of runs) {
    if (run.tokens !== expectedTokens || run.chars !== chars)
      throw new Error(
        `A ${variant} run delivered ${run.tokens} tokens and ${run.chars} characters, not the ${expectedTokens} tokens and ${chars} characters asked for: the figures would not count what was delivered.`,
      );
  }
}

/** What stays up across the pipeline runs, as it does in the app: provider, tools, hub, timeline. */
interface Pipeline {
  provider: ChatProvider;
  tools: ToolRegistry;
  hub: EventHub;
  conversationId: string;
}

/**
 * pipeline_ratio, main_us_per_token, batches_per_second. The fake server (its own process) streams
 * N tokens, N sized by time in the warm-up (stream-sizing.ts: a bare read lasts at least
 * pipelineMinBareMs); A reads them with the bare ollama client, B runs them through the Ollama provider,
 * the agent loop and the event hub (timeline writer + batcher) into a subscriber that serializes
 * each batch as a host would. A and B alternate in this one process.
 */
export async function runPipelineBench(options: BenchLog): Promise<Samples> {
  const textFor = (tokens: number): string => `Write ${tokens} tokens, please.`;
  const fake = await startFakeOllamaProcess('long-stream');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-pipeline-'));
  const store = createConversationStore({ dataDir, log: () => undefined });
  const conversation = await store.create({ title: 'Pipeline bench', model: BENCH_DEFAULTS.model });
  const writer = createTimelineWriter(store, conversation.conversationId);
  let sink: (batch: TacoEvent[]) => void = () => undefined;
  const hub = createEventHub({ persist: (event) => writer.write(event) });
  hub.subscribe((batch) => sink(batch));
  const pipeline: Pipeline = {
    provider: createOllamaProvider({ host: fake.url, maxContextTokens: DEFAULTS.maxContextTokens }),
    tools: await loadCatalogue(),
    hub,
    conversationId: conversation.conversationId,
  };
  let counter = 0;
  const runB = (text: string): Promise<StreamRun> =>
    pipelineRun(pipeline, text, `bench-run-${(counter += 1)}`, (listener) => {
      sink = listener;
    });
  try {
    const startText = textFor(BENCH_DEFAULTS.pipelineStartTokens);
    for (let warm = 0; warm < BENCH_DEFAULTS.pipelineWarmupRuns; warm += 1) {
      await bareRun(fake.url, startText);
      await runB(startText);
    }
    const sizing = {
      startTokens: BENCH_DEFAULTS.pipelineStartTokens,
      minMs: BENCH_DEFAULTS.pipelineMinBareMs,
      maxTokens: BENCH_DEFAULTS.pipelineMaxTokens,
    };
    const tokens = await sizeStreamByTime(sizing, async (count) => (await bareRun(fake.url, textFor(count))).ms);
    const text = textFor(tokens);
    // One pair at the chosen size before measuring: the larger stream warms its own paths.
    await bareRun(fake.url, text);
    await runB(text);
    options.log(`  stream: ${tokens} tokens (a bare read lasts at least ${BENCH_DEFAULTS.pipelineMinBareMs} ms)`);
    const results: Record<Variant, StreamRun[]> = { bare: [], pipeline: [] };
    const delivered: Array<{ variant: Variant; run: StreamRun }> = [];
    for (const variant of interleave<Variant>(['bare', 'pipeline'], options.runs * BENCH_DEFAULTS.pairsPerRun)) {
      const run = variant === 'bare' ? await bareRun(fake.url, text) : await runB(text);
      results[variant].push(run);
      delivered.push({ variant, run });
      options.log(
        `  ${variant}: ${run.ms.toFixed(1)} ms, ${run.tokens} tokens, ${run.chars} characters${variant === 'pipeline' ? `, ${run.batchTimes.length} batches` : ''}`,
      );
    }
    checkDelivered(delivered, tokens);
    return {
      pipeline_ratio: results.pipeline.flatMap((run, index) => {
        const bare = results.bare[index];
        return bare ? [run.ms / bare.ms] : [];
      }),
      main_us_per_token: results.pipeline.map((run) => run.cpuUs / run.tokens),
      batches_per_second: results.pipeline.map((run) => highestRate(run.batchTimes, BENCH_DEFAULTS.batchRateWindow)),
    };
  } finally {
    hub.dispose();
    await writer.close();
    await store.close();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A: the bare ollama client reads the stream and keeps the text. */
async function bareRun(host: string, text: string): Promise<StreamRun> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const client = new Ollama({ host });
  const stream = await client.chat({ model: BENCH_DEFAULTS.model, messages: [{ role: 'user', content: text }], stream: true });
  let answer = '';
  let tokens = 0;
  for await (const part of stream) {
    answer += part.message.content;
    if (part.done) tokens = part.eval_count;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuUs: used.user + used.system, batchTimes: [], chars: answer.length, tokens };
}

/** B: one run of the loop; done when its run-finish batch reached the sink. */
async function pipelineRun(
  pipeline: Pipeline,
  text: string,
  runId: string,
  setSink: (listener: (batch: TacoEvent[]) => void) => void,
): Promise<StreamRun> {
  const batchTimes: number[] = [];
  let chars = 0;
  let tokens = 0;
  let reachedSink: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (reachedSink = resolve));
  setSink((batch) => {
    // What a host does with every batch: serialize it for the wire.
    JSON.stringify(batch);
    batchTimes.push(performance.now());
    tokens += deliveredTokens(batch, runId);
    for (const event of batch) {
      if (event.type === 'text-delta' && event.runId === runId) chars += event.text.length;
      if (event.type === 'run-finish' && event.runId === runId) reachedSink();
    }
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await runAgent(
    benchRunInput({
      runId,
      conversationId: pipeline.conversationId,
      userText: text,
      provider: pipeline.provider,
      tools: pipeline.tools,
      emit: pipeline.hub.emit,
    }),
  );
  await finished;
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (outcome.reason !== 'complete')
    throw new Error(
      `The pipeline run ended with "${outcome.reason}" instead of "complete"; is the fake server running the long-stream scenario?`,
    );
  return { ms, cpuUs: used.user + used.system, batchTimes, chars, tokens };
}
