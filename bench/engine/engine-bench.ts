/**
 * The built-in engine: what TACO's provider adds over node-llama-cpp called directly (first token,
 * per token), and how long the process's event loop stalls while a model loads and while it
 * generates. Both sides run the same tiny GGUF (written here, random weights that never end a
 * reply) with the same prompt, seed, threads and 64-token limit, in this process, as the app's
 * main process would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getLlama, LlamaChat, resolveChatWrapper } from 'node-llama-cpp';
import { createEngineProvider } from '../../electron/services/engine/engine-provider';
import { unloadEngineModel } from '../../electron/services/engine/engine-model';
import { writeTinyGguf } from '../../test-support/gguf/tiny-gguf';
import type { BenchLog, Samples } from '../bench-figures';
import { median } from '../bench-stats';

const TOKENS = 64;
const SEED = 3;
const THREADS = 2;
const PROMPT = 'Write a short note about the files in this folder.';

interface Timing {
  firstMs: number;
  perTokenMs: number;
}

/** The longest stall of the event loop while `work` runs, in ms. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const value = await work();
    return { value, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

export async function runEngineBench(options: BenchLog): Promise<Samples> {
  const folder = await mkdtemp(join(tmpdir(), 'taco-bench-engine-'));
  try {
    const file = writeTinyGguf(join(folder, 'bench.gguf'), { eosBias: -6 });
    const llama = await getLlama({ gpu: false, build: 'never', skipDownload: true, progressLogs: false, maxThreads: THREADS });
    const model = await llama.loadModel({ modelPath: file });
    const context = await model.createContext({ contextSize: 2048, threads: THREADS, sequences: 1 });
    const sequence = context.getSequence();
    const chatWrapper = resolveChatWrapper(model, { type: 'jinjaTemplate' });

    async function direct(): Promise<Timing> {
      const started = performance.now();
      let first: number | null = null;
      let tokens = 0;
      const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: false });
      await chat.generateResponse([{ type: 'user', text: PROMPT }], {
        maxTokens: TOKENS,
        temperature: 0.8,
        seed: SEED,
        onResponseChunk: (chunk) => {
          first ??= performance.now();
          tokens += chunk.tokens.length;
        },
      });
      chat.dispose({ disposeSequence: false });
      await sequence.clearHistory();
      const end = performance.now();
      return { firstMs: (first ?? end) - started, perTokenMs: (end - (first ?? end)) / Math.max(1, tokens - 1) };
    }

    const engine = { modelPath: file, contextSize: 2048, threads: THREADS };
    const provider = createEngineProvider({ serverId: 'bench', engine, runtime: { gpu: false, seed: SEED, maxStepTokens: TOKENS } });
    const loadStalls: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      await unloadEngineModel();
      loadStalls.push((await longestStall(() => provider.capabilities('bench.gguf'))).stallMs);
    }

    async function viaProvider(): Promise<Timing & { stallMs: number }> {
      const started = performance.now();
      let first: number | null = null;
      let tokens = 0;
      const { stallMs } = await longestStall(async () => {
        for await (const chunk of provider.streamChat({
          model: 'bench.gguf',
          messages: [{ role: 'user', content: PROMPT }],
          signal: new AbortController().signal,
        })) {
          if (chunk.type === 'text') first ??= performance.now();
          if (chunk.type === 'done') tokens = chunk.usage.completionTokens;
        }
      });
      const end = performance.now();
      return { firstMs: (first ?? end) - started, perTokenMs: (end - (first ?? end)) / Math.max(1, tokens - 1), stallMs };
    }

    // One unmeasured pair warms both paths; then pairs alternate which goes first.
    await direct();
    await viaProvider();
    const firstDiffs: number[] = [];
    const directPerToken: number[] = [];
    const providerPerToken: number[] = [];
    const generateStalls: number[] = [];
    for (let round = 0; round < options.runs; round++) {
      let plain: Timing;
      let ours: Timing & { stallMs: number };
      if (round % 2 === 0) {
        plain = await direct();
        ours = await viaProvider();
      } else {
        ours = await viaProvider();
        plain = await direct();
      }
      firstDiffs.push(ours.firstMs - plain.firstMs);
      directPerToken.push(plain.perTokenMs);
      providerPerToken.push(ours.perTokenMs);
      generateStalls.push(ours.stallMs);
      options.log(
        `  round ${round + 1}: first token ${plain.firstMs.toFixed(1)} / ${ours.firstMs.toFixed(1)} ms, per token ${plain.perTokenMs.toFixed(2)} / ${ours.perTokenMs.toFixed(2)} ms (direct / provider)`,
      );
    }
    await context.dispose();
    await model.dispose();
    return {
      engine_first_token_overhead_ms: firstDiffs,
      engine_per_token_ratio: [median(providerPerToken) / median(directPerToken)],
      engine_load_loop_delay_ms: loadStalls,
      engine_generate_loop_delay_ms: generateStalls,
    };
  } finally {
    await unloadEngineModel();
    await rm(folder, { recursive: true, force: true });
  }
}
