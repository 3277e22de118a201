import type { TacoEvent } from '../shared/contract/events';
import { defaultSettings, type Limits } from '../shared/settings/settings';
import type { MemoryStore, ToolRegistry } from '../tools/catalogue/tool-runtime-types';
import type { AgentRunInput } from '../electron/services/agent/loop/agent-types';
import type { SpanSink } from '../electron/services/agent/loop/round-spans';
import { answeringApprovals, answeringDepth, answeringQuestions } from '../electron/services/agent/testing/test-gates';
import { createToolStack } from '../electron/services/orchestration/tool-stack';
import type { ChatProvider } from '../electron/services/provider/provider-types';
import { BENCH_DEFAULTS } from './bench-defaults';

export interface BenchRunInput {
  runId: string;
  conversationId: string;
  userText: string;
  provider: ChatProvider;
  tools: ToolRegistry;
  emit: (event: TacoEvent) => void;
  limits?: Partial<Limits>;
  /** The per-round breakdown's recorder (bench/peer/peer-breakdown.ts). */
  onSpan?: SpanSink;
}

/** One run's input as the app builds it: default settings and limits, a fresh stack, gates that allow. */
export function benchRunInput(options: BenchRunInput): AgentRunInput {
  const settings = defaultSettings();
  return {
    runId: options.runId,
    conversationId: options.conversationId,
    model: BENCH_DEFAULTS.model,
    history: [],
    userText: options.userText,
    provider: options.provider,
    tools: options.tools,
    limits: { ...settings.limits, ...options.limits },
    maxContextTokens: settings.maxContextTokens,
    approvalPolicy: settings.approvals,
    workspace: null,
    memory: noMemory,
    approvals: answeringApprovals('allow-once'),
    questions: answeringQuestions('yes'),
    depth: answeringDepth('continue'),
    stack: createToolStack(),
    allowedForConversation: new Set(),
    emit: options.emit,
    signal: new AbortController().signal,
    ...(options.onSpan ? { onSpan: options.onSpan } : {}),
  };
}

const noMemory: MemoryStore = {
  save: async () => ({ id: 'm1', savedAt: 0 }),
  recall: async () => [],
};
