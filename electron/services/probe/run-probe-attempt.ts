import { DEFAULTS } from '../../../shared/constants';
import type { Limits } from '../../../shared/settings/settings';
import type { ProbeAttempt, ProbeSetting } from '../../../shared/probe/probe-report';
import type { ProbeTask } from '../../../shared/probe/probe-task';
import { createInMemoryMemoryStore } from '../../../tools/memory/memory-store';
import type { ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import { runAgent } from '../agent/loop/run-agent';
import { createToolStack } from '../orchestration/tool-stack';
import type { ChatProvider } from '../provider/provider-types';
import { judgeAttempt, type TimedEvent } from './judge-attempt';
import { probeGates } from './probe-gates';
import { createScratchFolder } from './scratch-folder';

export interface AttemptInput {
  task: ProbeTask;
  model: string;
  provider: ChatProvider;
  /** The task's tools (probe-tools.ts): the user's without network tools, distractors when asked for. */
  tools: ToolRegistry;
  setting: ProbeSetting;
  /** The user's limits; the try's own time and round limits apply when they are shorter. */
  limits: Limits;
  maxContextTokens: number;
  signal: AbortSignal;
  now: () => number;
  newId: () => string;
}

/**
 * One try of one task through the real agent loop, in a fresh scratch folder that is removed
 * afterwards. Nothing of it is stored: its events go only to the judge. Never throws for what the
 * model does; rejects only when `signal` aborts (the try then does not count).
 */
export async function runProbeAttempt(input: AttemptInput): Promise<ProbeAttempt> {
  const scratch = await createScratchFolder(input.task);
  const events: TimedEvent[] = [];
  const startedAt = input.now();
  try {
    const runId = `check-${input.newId()}`;
    await runAgent({
      runId,
      conversationId: runId,
      model: input.model,
      history: [],
      userText: input.task.prompt,
      provider: input.provider,
      tools: input.tools,
      limits: {
        ...input.limits,
        maxIterations: Math.min(input.limits.maxIterations, DEFAULTS.modelCheck.maxIterations),
        runTimeoutMs: Math.min(input.limits.runTimeoutMs, DEFAULTS.modelCheck.attemptTimeoutMs),
      },
      maxContextTokens: input.maxContextTokens,
      conversation: { toolMode: input.setting.toolMode, ...(input.setting.think ? {} : { think: false }) },
      toolBudget: input.setting.toolBudget,
      approvalPolicy: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' },
      workspace: scratch.root,
      memory: createInMemoryMemoryStore(input.now),
      ...probeGates(input.tools),
      stack: createToolStack({ now: input.now }),
      allowedForConversation: new Set(),
      emit: (event) => events.push({ event, at: input.now() }),
      signal: input.signal,
      now: input.now,
    });
    if (input.signal.aborted) throw input.signal.reason instanceof Error ? input.signal.reason : new Error('The check was cancelled.');
    return judgeAttempt(input.task, events, await scratch.readChecked(), startedAt);
  } finally {
    await scratch.remove();
  }
}
