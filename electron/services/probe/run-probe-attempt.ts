import { join } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import type { Limits } from '../../../shared/settings/settings';
import type { ProbeAttempt, ProbeSetting } from '../../../shared/probe/probe-report';
import type { ProbeTask } from '../../../shared/probe/probe-task';
import { createInMemoryMemoryStore } from '../../../tools/memory/memory-store';
import type { ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { AgentRunInput } from '../agent/loop/agent-types';
import { runAgent } from '../agent/loop/run-agent';
import { createToolStack } from '../orchestration/tool-stack';
import type { ChatProvider } from '../provider/provider-types';
import { listSkills, skillCatalog, type SkillCatalog } from '../skills/skill-library';
import { attemptRecorder, judgeAttempt } from './judge-attempt';
import { probeGates } from './probe-gates';
import type { ScratchSupply } from './scratch-supply';

export interface AttemptInput {
  task: ProbeTask;
  model: string;
  provider: ChatProvider;
  /** The task's tools (probe-tools.ts): the user's without network tools, distractors when asked for. */
  tools: ToolRegistry;
  setting: ProbeSetting;
  /** The prompt-based format with the server's grammar (true, as conversations run) or without; absent: the default. */
  constrainedPromptFormat?: boolean;
  /** The user's limits; the try's own time and round limits apply when they are shorter. */
  limits: Limits;
  maxContextTokens: number;
  signal: AbortSignal;
  now: () => number;
  newId: () => string;
  /** The check's scratch folders (scratch-supply.ts): each try takes a fresh one and gives it back. */
  scratch: ScratchSupply;
}

/**
 * The agent run of one try: the task's prompt, a fresh conversation, the setting's tool format,
 * budget and thinking, the check's shorter limits, `workspace` as the workspace and its gates.
 * The benchmark runs it without the probe's bookkeeping (bench/probe-overhead-bench.ts).
 */
export function probeRunInput(input: AttemptInput, workspace: string, emit: AgentRunInput['emit'], skills?: SkillCatalog): AgentRunInput {
  const runId = `check-${input.newId()}`;
  return {
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
    ...(input.constrainedPromptFormat === undefined ? {} : { constrainedPromptFormat: input.constrainedPromptFormat }),
    approvalPolicy: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' },
    workspace,
    memory: createInMemoryMemoryStore(input.now),
    ...(skills ? { skills } : {}),
    ...probeGates(input.tools),
    stack: createToolStack({ now: input.now }),
    allowedForConversation: new Set(),
    emit,
    signal: input.signal,
    now: input.now,
  };
}

/**
 * One try of one task through the real agent loop, in a fresh scratch folder taken from the
 * check's supply and given back afterwards (it is removed in the background). Nothing of it is
 * stored: its events go only to the judge. Never throws for what the model does; rejects only
 * when `signal` aborts (the try then does not count).
 */
export async function runProbeAttempt(input: AttemptInput): Promise<ProbeAttempt> {
  const scratch = await input.scratch.take(input.task);
  const { record, emit } = attemptRecorder(input.now);
  try {
    await runAgent(probeRunInput(input, scratch.root, emit, await taskSkills(input.task, scratch.root)));
    if (input.signal.aborted) throw input.signal.reason instanceof Error ? input.signal.reason : new Error('The check was cancelled.');
    return judgeAttempt(input.task, record, await scratch.readChecked());
  } finally {
    input.scratch.release(scratch);
  }
}

/**
 * A task that brings skills (files under the workspace's skills folder) runs with those and no
 * others: the user's own skills would make the check measure their collection, not the model.
 * Other tasks run with no skills, so load_skill is not offered and nothing is read for them.
 */
async function taskSkills(task: ProbeTask, workspace: string): Promise<SkillCatalog | undefined> {
  const prefix = `${DEFAULTS.skills.workspaceFolder}/`;
  if (!Object.keys(task.files).some((path) => path.startsWith(prefix))) return undefined;
  return skillCatalog(await listSkills([{ kind: 'workspace', root: join(workspace, DEFAULTS.skills.workspaceFolder) }]));
}
