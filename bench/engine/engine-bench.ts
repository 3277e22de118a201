/**
 * The built-in engine: what TACO's provider adds over node-llama-cpp called directly (first token,
 * per token), and how long the process's event loop stalls while a model loads and while it
 * generates. Both sides run the same tiny GGUF (written here, random weights that never end a
 * reply) with the same prompt, seed, threads and 64-token limit. The provider runs twice: in this
 * process (as main ran it before the engine had a process of its own) and through the engine host
 * (a child process, as main runs it now); node-llama-cpp called directly runs in this process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getLlama, LlamaChat, resolveChatWrapper } from 'node-llama-cpp';
import { createEngineProvider } from '../../electron/services/engine/engine-provider';
import { unloadEngineModel } from '../../electron/services/engine/engine-model';
import { writeTinyGguf } from '../../test-support/gguf/tiny-gguf';
import type { ChatProvider } from '../../electron/services/provider/provider-types';
import { createEngineClient } from '../../electron/services/engine/process/engine-client';
import { forkEngineLauncher } from '../../electron/services/engine/process/fork-engine-process';
import { createProcessEngineProvider } from '../../electron/services/engine/process/process-engine-provider';
import type { BenchLog, Samples } from '../report/bench-figures';
import { median } from '../report/bench-stats';

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
    const runtime = { gpu: false as const, seed: SEED, maxStepTokens: TOKENS };
    const inProcess = createEngineProvider({ serverId: 'bench', engine, runtime });
    const client = createEngineClient({ launch: forkEngineLauncher() });
    const child = createProcessEngineProvider({ serverId: 'bench', engine, runtime }, client);
    const loadStalls: number[] = [];
    const childLoadStalls: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      await unloadEngineModel();
      loadStalls.push((await longestStall(() => inProcess.capabilities('bench.gguf'))).stallMs);
      // A fresh engine host each time: its start and the model load, as main sees them.
      client.close();
      childLoadStalls.push((await longestStall(() => child.capabilities('bench.gguf'))).stallMs);
    }
    await unloadEngineModel();

    async function viaProvider(provider: ChatProvider): Promise<Timing & { stallMs: number }> {
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

    /** Pairs of direct and provider runs, alternating which goes first, after one unmeasured pair. */
    async function compare(provider: ChatProvider, label: string) {
      await direct();
      await viaProvider(provider);
      const firstDiffs: number[] = [];
      const directPerToken: number[] = [];
      const providerPerToken: number[] = [];
      const stalls: number[] = [];
      for (let round = 0; round < options.runs; round++) {
        let plain: Timing;
        let ours: Timing & { stallMs: number };
        if (round % 2 === 0) {
          plain = await direct();
          ours = await viaProvider(provider);
        } else {
          ours = await viaProvider(provider);
          plain = await direct();
        }
        firstDiffs.push(ours.firstMs - plain.firstMs);
        directPerToken.push(plain.perTokenMs);
        providerPerToken.push(ours.perTokenMs);
        stalls.push(ours.stallMs);
        options.log(
          `  ${label} round ${round + 1}: first token ${plain.firstMs.toFixed(1)} / ${ours.firstMs.toFixed(1)} ms, per token ${plain.perTokenMs.toFixed(2)} / ${ours.perTokenMs.toFixed(2)} ms (direct / provider), longest stall ${ours.stallMs.toFixed(1)} ms`,
        );
      }
      return { firstDiffs, ratio: median(providerPerToken) / median(directPerToken), stalls };
    }

    const before = await compare(inProcess, 'in-process');
    await unloadEngineModel();
    const after = await compare(child, 'engine host');
    client.close();
    await context.dispose();
    await model.dispose();
    return {
      engine_first_token_overhead_ms: after.firstDiffs,
      engine_per_token_ratio: [after.ratio],
      engine_load_loop_delay_ms: childLoadStalls,
      engine_generate_loop_delay_ms: after.stalls,
      engine_in_process_first_token_overhead_ms: before.firstDiffs,
      engine_in_process_per_token_ratio: [before.ratio],
      engine_in_process_load_loop_delay_ms: loadStalls,
      engine_in_process_generate_loop_delay_ms: before.stalls,
    };
  } finally {
    await unloadEngineModel();
    await rm(folder, { recursive: true, force: true });
  }
}
