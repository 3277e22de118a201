import type { ModelCapabilities } from '../shared/models/models';
import { runAgent } from '../electron/services/agent/loop/run-agent';
import { testRegistry, testTool } from '../electron/services/agent/testing/test-tools';
import type { ChatProvider, ChatStepRequest, ProviderChunk } from '../electron/services/provider/provider-types';
import { benchRunInput } from './bench-agent-input';
import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './report/bench-figures';

const TOOL = 'lookup_value';
const CAPABILITIES: ModelCapabilities = { tools: true, thinking: false, vision: false, contextLength: 8192 };
const DONE: ProviderChunk = {
  type: 'done',
  usage: { promptTokens: 100, completionTokens: 10, evalDurationNs: 1e6, totalDurationNs: 2e6, doneReason: 'stop', numCtx: 8192 },
};

/**
 * A model that answers at once: `rounds` tool calls (a new key each time, so no call repeats),
 * then a short answer, decided from the tool results already in the request.
 */
export function instantProvider(rounds: number): ChatProvider {
  return {
    host: 'http://instant.invalid',
    listModels: async () => [],
    capabilities: async () => CAPABILITIES,
    async *streamChat(request: ChatStepRequest): AsyncGenerator<ProviderChunk> {
      const results = request.messages.filter((message) => message.role === 'tool').length;
      if (results < rounds) yield { type: 'tool-calls', calls: [{ function: { name: TOOL, arguments: { key: `k${results + 1}` } } }] };
      else yield { type: 'text', text: 'Done.' };
      yield DONE;
    },
    complete: async () => 'Looking up a value',
  };
}

/** loop_ms_per_iteration: a run of N tool rounds with a zero-latency model and a trivial tool, divided by N. */
export async function runLoopBench(options: BenchLog): Promise<Samples> {
  const rounds = BENCH_DEFAULTS.loopRounds;
  const provider = instantProvider(rounds);
  const tools = testRegistry(
    testTool({ id: TOOL, parameters: { key: { type: 'string' } }, run: (args) => `value of ${String(args['key'])}` }),
  );
  let counter = 0;
  const run = async (): Promise<number> => {
    const started = performance.now();
    const outcome = await runAgent(
      benchRunInput({
        runId: `loop-${(counter += 1)}`,
        conversationId: 'loop-bench',
        userText: 'Look up the values.',
        provider,
        tools,
        emit: () => undefined,
        limits: { maxIterations: rounds + 5 },
      }),
    );
    if (outcome.reason !== 'complete') throw new Error(`The loop benchmark's run stopped with "${outcome.reason}" instead of completing.`);
    return performance.now() - started;
  };
  for (let warm = 0; warm < BENCH_DEFAULTS.loopWarmupRuns; warm += 1) await run();
  const samples: number[] = [];
  for (let sample = 0; sample < options.runs; sample += 1) {
    let total = 0;
    for (let index = 0; index < BENCH_DEFAULTS.loopRunsPerSample; index += 1) total += await run();
    const perRound = total / BENCH_DEFAULTS.loopRunsPerSample / rounds;
    samples.push(perRound);
    options.log(`  loop: ${perRound.toFixed(3)} ms per round`);
  }
  return { loop_ms_per_iteration: samples };
}
