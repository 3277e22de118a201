/**
 * The two sides of peer_ratio (bench/peer/peer-bench.ts, bench/peer/peer-main.ts) and of the per-round
 * breakdown (bench/peer/peer-breakdown.ts): the same 5-round tool task against the same fake server
 * (bench-tool-rounds), run by our loop (the Ollama provider, streamed) and by the Vercel AI SDK's
 * tool loop (generateText with ollama-ai-provider-v2, stopWhen stepCountIs(6)). Each side keeps
 * its provider across runs, as an app would.
 */
import { generateText, stepCountIs, tool, type LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { z } from 'zod';
import { DEFAULTS } from '../../shared/constants';
import { runAgent } from '../../electron/services/agent/loop/run-agent';
import { testRegistry, testTool } from '../../electron/services/agent/testing/test-tools';
import { createOllamaProvider } from '../../electron/services/provider/ollama/ollama-provider';
import type { ChatProvider } from '../../electron/services/provider/provider-types';
import type { ToolRegistry } from '../../tools/catalogue/tool-runtime-types';
import type { TacoEvent } from '../../shared/contract/events';
import type { SpanSink } from '../../electron/services/agent/loop/round-spans';
import { BENCH_TOOL, BENCH_TOOL_ROUNDS } from '../../test-support/fake-ollama/scenarios/bench/bench-tool-rounds';
import { benchRunInput } from '../bench-agent-input';
import { BENCH_DEFAULTS } from '../bench-defaults';

const TASK = 'Look up the five values k1 to k5, one after another, then say you are done.';
const DESCRIPTION = 'Look up the value stored under a key.';
const lookup = (key: string): string => `The value of ${key} is 42.`;

export type PeerSide = 'ours' | 'theirs';

/** Both sides against the fake server at `url`, each with its own provider kept across runs. */
export function peerSides(url: string): Record<PeerSide, () => Promise<void>> {
  return {
    ours: createOursRunner(createOllamaProvider({ host: url, maxContextTokens: DEFAULTS.maxContextTokens })),
    theirs: createTheirsRunner(createOllama({ baseURL: `${url}/api` })(BENCH_DEFAULTS.model)),
  };
}

/** What the per-round breakdown (peer-breakdown.ts) adds to our side's runs: where events go, the span recorder. */
export interface OursRunnerOptions {
  emit?: (event: TacoEvent) => void;
  onSpan?: SpanSink;
}

/** Our side: one run of the task per call, in a new run of the same conversation. */
export function createOursRunner(provider: ChatProvider, options: OursRunnerOptions = {}): () => Promise<void> {
  const tools: ToolRegistry = testRegistry(
    testTool({
      id: BENCH_TOOL,
      description: DESCRIPTION,
      parameters: { key: { type: 'string' } },
      run: (args) => lookup(String(args['key'])),
    }),
  );
  let counter = 0;
  return async () => {
    const input = benchRunInput({
      runId: `peer-${(counter += 1)}`,
      conversationId: 'peer-bench',
      userText: TASK,
      provider,
      tools,
      emit: options.emit ?? (() => undefined),
      ...(options.onSpan ? { onSpan: options.onSpan } : {}),
    });
    const outcome = await runAgent(input);
    const results = outcome.messages.filter((message) => message.role === 'tool').length;
    if (outcome.reason !== 'complete' || results !== BENCH_TOOL_ROUNDS) {
      throw new Error(
        `Our loop ended with "${outcome.reason}" after ${results} tool results instead of completing after ${BENCH_TOOL_ROUNDS}.`,
      );
    }
  };
}

/** The AI SDK's side: one generateText tool loop per call. */
export function createTheirsRunner(model: LanguageModel): () => Promise<void> {
  const tools = {
    [BENCH_TOOL]: tool({ description: DESCRIPTION, inputSchema: z.object({ key: z.string() }), execute: async ({ key }) => lookup(key) }),
  };
  return async () => {
    const result = await generateText({ model, prompt: TASK, tools, stopWhen: stepCountIs(BENCH_DEFAULTS.peerStepLimit) });
    const calls = result.steps.reduce((sum, step) => sum + step.toolCalls.length, 0);
    if (calls !== BENCH_TOOL_ROUNDS) throw new Error(`The AI SDK's loop made ${calls} tool calls instead of ${BENCH_TOOL_ROUNDS}.`);
  };
}
