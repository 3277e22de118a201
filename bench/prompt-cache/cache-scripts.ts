/**
 * The two scripts behind prefix_reuse_ratio and num_ctx_changes: a 12-step agent run (eleven tool
 * calls, then the answer) and a 20-turn conversation in which every turn calls a tool. Both run
 * through the real app services (chat.send, history from the timeline, tool selection narrowed
 * to a small budget, the title side request) against the fake Ollama in this process, which
 * records every /api/chat body. Deterministic: no figure here depends on time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from '../../shared/contract/json';
import { createAppServices, type AppServices } from '../../electron/services/app/app-services';
import { reply, standardModels, startFakeOllama, type Reply, type Scenario } from '../../test-support/fake-ollama/index';
import { BENCH_DEFAULTS } from '../bench-defaults';
import { watchTitles } from '../services/title-watch';

/** One /api/chat body and what it was: a step of the agent loop (streamed) or a side request. */
export interface SentRequest {
  kind: 'step' | 'side';
  /** Which user turn of the conversation it belongs to (0-based). */
  turn: number;
  body: JsonObject;
}

/** The tool calls of the 12-step run: varied, so the ranking query changes from step to step. */
const RUN_CALLS: Array<[string, JsonObject]> = [
  ['current_time', {}],
  ['calculate', { expression: '12 * 7' }],
  ['stop_and_think', { thought: 'The total needs the tax added.' }],
  ['calculate', { expression: '84 * 1.2' }],
  ['plan_next_steps', { steps: ['convert', 'round', 'answer'] }],
  ['calculate', { expression: '100.8 / 3' }],
  ['current_time', {}],
  ['calculate', { expression: 'round(33.6)' }],
  ['recall_memory', { query: 'preferred currency' }],
  ['calculate', { expression: '34 * 2' }],
  ['stop_and_think', { thought: 'All numbers are in; write the answer.' }],
];

export const RUN_STEPS = RUN_CALLS.length + 1;
export const CONVERSATION_TURNS = 20;

function scenario(name: string, replies: Reply[]): Scenario {
  return { name, description: 'prompt-cache script', models: standardModels(), replies };
}

function runReplies(): Reply[] {
  return [...RUN_CALLS.map(([name, args]) => reply.toolCall(name, args)), reply.text('The total is 68, at 14:05 today.')];
}

/** The turn in which the model asks the user first (the reply goes through the context-switch check, a side request). */
export const QUESTION_TURN = 3;

function conversationReplies(): Reply[] {
  return Array.from({ length: CONVERSATION_TURNS }, (_, turn) => [
    ...(turn === QUESTION_TURN ? [reply.toolCall('ask_user', { question: 'In metres or in feet?' })] : []),
    reply.toolCall('calculate', { expression: `${turn + 2} * ${turn + 3}` }),
    reply.text(`That makes ${(turn + 2) * (turn + 3)}. Anything else you want worked out?`),
  ]).flat();
}

function question(turn: number): string {
  return turn === 0 ? 'Calculate 2 times 3 for me, please.' : `And what is ${turn + 2} times ${turn + 3}?`;
}

/** The scripts' options: the conversation's own num_ctx (as a user sets it) and a small tool budget, so selection narrows. */
export interface CacheScriptOptions {
  /** conversation.setOptions numCtx right after the first turn (the first turn makes the conversation); null leaves the default. */
  conversationNumCtx: number | null;
  toolBudget: number;
}

export const DEFAULT_CACHE_SCRIPT_OPTIONS: CacheScriptOptions = { conversationNumCtx: 16_384, toolBudget: 10 };

/** Every /api/chat body of the 12-step run, in order. */
export function recordAgentRun(options: CacheScriptOptions = DEFAULT_CACHE_SCRIPT_OPTIONS): Promise<SentRequest[]> {
  return record(
    scenario('prompt-cache-run', runReplies()),
    [
      'Calculate what 12 items at 7 each cost with tax, split three ways; recall my preferred currency from memory and tell me the current time.',
    ],
    options,
  );
}

/** Every /api/chat body of the 20-turn conversation, in order. */
export function recordConversation(options: CacheScriptOptions = DEFAULT_CACHE_SCRIPT_OPTIONS): Promise<SentRequest[]> {
  return record(
    scenario('prompt-cache-conversation', conversationReplies()),
    Array.from({ length: CONVERSATION_TURNS }, (_, turn) => question(turn)),
    options,
  );
}

async function record(script: Scenario, questions: string[], options: CacheScriptOptions): Promise<SentRequest[]> {
  const fake = await startFakeOllama({ scenario: script, promptCache: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-prompt-cache-'));
  const services = await createAppServices({
    dataDir,
    ollamaHost: fake.url,
    openExternal: async () => undefined,
    toolBudgetOverride: options.toolBudget,
    // Eleven tool rounds in one run: past the default limit of ten.
    limitOverrides: { maxIterations: RUN_STEPS + 1 },
  });
  const sent: SentRequest[] = [];
  // The first run's title is a side request of that turn: it is waited for, not left to how long the turn's last calls take.
  const titles = watchTitles({ onEvents: (listener) => services.subscribe((batch) => listener(batch, performance.now())) });
  let turn = 0;
  let seen = 0;
  const collect = (): void => {
    for (const request of fake.requests.slice(seen)) {
      if (request.path !== '/api/chat' || request.body === null) continue;
      sent.push({ kind: request.body['stream'] === false ? 'side' : 'step', turn, body: request.body });
    }
    seen = fake.requests.length;
  };
  try {
    let conversationId: string | null = null;
    for (const [index, text] of questions.entries()) {
      turn = index;
      const started: { runId: string; conversationId: string } = await call(services, 'chat.send', {
        conversationId,
        text,
        model: BENCH_DEFAULTS.model,
      });
      conversationId = started.conversationId;
      if (index === QUESTION_TURN && questions.length > QUESTION_TURN) {
        await asked(services, started.runId);
        // The answer goes through chat.send, as typed: the context-switch check asks the model first.
        await call(services, 'chat.send', { conversationId, text: 'In metres.', model: BENCH_DEFAULTS.model });
      }
      const finish = await services.waitForRun(started.runId);
      if (finish.reason !== 'complete') throw new Error(`turn ${index + 1} ended with ${finish.reason}: ${finish.message}`);
      if (index === 0) {
        const settled = await titles.settled([conversationId], BENCH_DEFAULTS.concurrentTitleWaitMs);
        if (settled.missing > 0) throw new Error('the first run got no title');
      }
      if (index === 0 && options.conversationNumCtx !== null) {
        await call(services, 'conversation.setOptions', { conversationId, options: { numCtx: options.conversationNumCtx } });
      }
      collect();
    }
    // The title is asked for after the first run; let it arrive before closing.
    await services.dispose();
    collect();
    return sent;
  } finally {
    titles.stop();
    await services.dispose();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Resolves once the run asks the user a question. */
function asked(services: AppServices, runId: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = services.subscribe((batch) => {
      if (!batch.some((event) => event.type === 'question' && event.runId === runId)) return;
      unsubscribe();
      resolve();
    });
  });
}

async function call<T>(services: AppServices, name: string, request: unknown): Promise<T> {
  const envelope = await services.handle(name, request);
  if (!envelope.ok) throw new Error(`${name} failed: ${envelope.error.message}`);
  return envelope.value as T;
}
