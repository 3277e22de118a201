import { DEFAULTS } from '../../../shared/constants';
import type { TacoEvent } from '../../../shared/contract/events';
import type { JsonObject } from '../../../shared/contract/json';
import { describeStopReason, type StopReason } from '../../../shared/conversations/stop-reason';
import type { WorkflowFinishReason, WorkflowInfo, WorkflowParamValues, WorkflowStep } from '../../../shared/workflows/workflow';
import { renderTemplate } from '../../../shared/workflows/workflow-template';
import { createToolRegistry } from '../../../tools/catalogue/tool-registry-memory';
import type { AgentLoopOutcome, AgentRunInput, AgentRunOutcome } from '../agent/loop/agent-types';
import type { ApprovalGate } from '../orchestration/orchestration-types';
import type { ConfirmGate } from './confirm-broker';
import { runDirectToolCall } from './direct-tool-call';
import { renderMcpPrompt, type WorkflowPromptSource } from './workflow-prompt-source';

export interface WorkflowRunInput {
  /** What a normal run of this conversation would get (gates, stack, workspace, limits, emit, signal). */
  agent: AgentRunInput;
  runAgent: (input: AgentRunInput) => Promise<AgentRunOutcome>;
  info: WorkflowInfo;
  /** Checked values (checkParams). */
  values: WorkflowParamValues;
  confirms: ConfirmGate;
  /** For MCP prompt workflows: the source that renders the prompt. */
  promptSource?: WorkflowPromptSource;
}

interface StepStop {
  type: 'stop';
  reason: Exclude<WorkflowFinishReason, 'complete'>;
  message: string;
  stopReason: StopReason;
  error: string | null;
}
type StepEnd = { type: 'done'; output: string } | StepStop;

/**
 * Runs a workflow as ONE run of the conversation (the launcher's run lifecycle emits `run-start`
 * and `run-finish` around it): `workflow-start`, then each step in order with its
 * `workflow-step` states, then `workflow-finish`; the outcome's `finishNote` puts the workflow's
 * last word into `run-finish`. Prompt steps go
 * through the agent loop, tool steps through the same gates and stack as a model's call, confirm
 * steps through the confirm gate. A denied approval, a declined confirm, a failed step or Stop
 * ends it at once: the rest are `skipped` and never run. Never throws.
 */
export async function runWorkflow(input: WorkflowRunInput): Promise<AgentLoopOutcome> {
  const { agent, info, values } = input;
  const definition = info.definition;
  const now = agent.now ?? Date.now;
  const ids = { runId: agent.runId, conversationId: agent.conversationId };
  const emit = (event: TacoEvent): void => agent.emit(event);
  emit({
    ...ids,
    type: 'workflow-start',
    workflowId: definition.id,
    name: definition.name,
    params: values,
    steps: definition.steps.map((step, index) => ({ index, stepType: step.type, title: stepTitle(step, index) })),
    at: now(),
  });

  const outputs: string[] = [];
  const messages: AgentRunOutcome['messages'] = [];
  let end: StepStop | null = null;
  let index = 0;
  for (; index < definition.steps.length; index += 1) {
    const step = definition.steps[index];
    if (!step) break;
    if (agent.signal.aborted) {
      end = cancelled('cancelled');
      break;
    }
    emit({ ...ids, type: 'workflow-step', index, stepType: step.type, state: 'running', summary: null, at: now() });
    const result = await runStep(input, step, index, outputs, messages).catch((error: unknown): StepEnd =>
      agent.signal.aborted ? cancelled('cancelled') : failed(error),
    );
    if (result.type === 'done') {
      outputs.push(result.output);
      // A prompt step's answer is streamed into the chat as the model's message: the block does not repeat it.
      const summary = step.type === 'prompt' ? null : summarise(result.output);
      emit({ ...ids, type: 'workflow-step', index, stepType: step.type, state: 'done', summary, at: now() });
      continue;
    }
    emit({ ...ids, type: 'workflow-step', index, stepType: step.type, state: 'failed', summary: summarise(result.message), at: now() });
    end = result;
    index += 1;
    break;
  }
  for (; index < definition.steps.length; index += 1) {
    const step = definition.steps[index];
    if (step) emit({ ...ids, type: 'workflow-step', index, stepType: step.type, state: 'skipped', summary: null, at: now() });
  }

  const reason: WorkflowFinishReason = end ? end.reason : 'complete';
  const message = end
    ? end.message
    : `${definition.name}: ${definition.steps.length === 1 ? 'its one step' : `all ${definition.steps.length} steps`} done.`;
  emit({ ...ids, type: 'workflow-finish', workflowId: definition.id, reason, message, at: now() });
  const stopReason: StopReason = end ? end.stopReason : 'complete';
  return { reason: stopReason, messages, error: end?.error ?? null, ...(end ? { finishNote: message } : {}) };
}

async function runStep(
  input: WorkflowRunInput,
  step: WorkflowStep,
  index: number,
  outputs: readonly string[],
  messages: AgentRunOutcome['messages'],
): Promise<StepEnd> {
  const { agent, values } = input;
  switch (step.type) {
    case 'confirm': {
      const message = renderTemplate(step.message, values, outputs);
      const accepted = await input.confirms.confirm(
        { runId: agent.runId, conversationId: agent.conversationId, index, message },
        agent.signal,
      );
      if (accepted) return { type: 'done', output: 'Accepted.' };
      return {
        type: 'stop',
        reason: 'declined',
        message: `You declined step ${index + 1}, so the workflow stopped there.`,
        stopReason: 'cancelled',
        error: null,
      };
    }
    case 'tool': {
      const args: JsonObject = {};
      for (const [key, value] of Object.entries(step.args))
        args[key] = typeof value === 'string' ? renderTemplate(value, values, outputs) : value;
      const watched = watchApprovals(agent.approvals);
      const stepAgent: AgentRunInput = { ...agent, approvals: watched.gate, userText: stepTitle(step, index) };
      const result = await runDirectToolCall(stepAgent, step.tool, args);
      if (watched.denied()) return denied(index, step.tool);
      switch (result.type) {
        case 'result':
          return { type: 'done', output: result.output };
        case 'error':
          return {
            type: 'stop',
            reason: 'failed',
            message: `Step ${index + 1} (${step.tool}) failed: ${result.error}`,
            stopReason: 'consecutive_errors',
            error: result.error,
          };
        case 'cancelled':
          return cancelled(result.reason);
        default: {
          const unreachable: never = result;
          return unreachable;
        }
      }
    }
    case 'prompt':
      return runPromptStep(input, step, index, outputs, messages);
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}

async function runPromptStep(
  input: WorkflowRunInput,
  step: Extract<WorkflowStep, { type: 'prompt' }>,
  index: number,
  outputs: readonly string[],
  messages: AgentRunOutcome['messages'],
): Promise<StepEnd> {
  const { agent } = input;
  const prompt =
    input.info.origin === 'mcp' && input.promptSource
      ? await renderMcpPrompt(input.promptSource, input.info, input.values)
      : renderTemplate(step.prompt, input.values, outputs);
  // A denial stops the step at once (nothing after it runs), not just the one call.
  const stepController = new AbortController();
  const onOuterAbort = (): void => stepController.abort(agent.signal.reason);
  agent.signal.addEventListener('abort', onOuterAbort, { once: true });
  const watched = watchApprovals(agent.approvals, () => stepController.abort());
  const tools = step.tools ? createToolRegistry(step.tools.flatMap((id) => agent.tools.get(id) ?? [])) : agent.tools;
  try {
    const outcome = await input.runAgent({
      ...agent,
      userText: prompt,
      history: [...agent.history, ...messages],
      tools,
      approvals: watched.gate,
      limits: { ...agent.limits, maxIterations: step.maxIterations ?? DEFAULTS.workflows.defaultStepMaxIterations },
      signal: stepController.signal,
      emit: (event) => {
        if (event.type === 'run-start' || event.type === 'run-finish') return;
        agent.emit(event);
      },
    });
    messages.push({ role: 'user', content: prompt }, ...outcome.messages);
    if (watched.denied()) return denied(index, watched.deniedTool() ?? 'a tool');
    if (agent.signal.aborted || outcome.reason === 'cancelled' || outcome.reason === 'timeout') {
      return cancelled(outcome.reason === 'timeout' ? 'timeout' : 'cancelled');
    }
    const answer = [...outcome.messages].reverse().find((message) => message.role === 'assistant' && message.content.trim() !== '');
    if (outcome.reason !== 'complete') {
      return {
        type: 'stop',
        reason: 'failed',
        message: `Step ${index + 1} stopped: ${describeStopReason(outcome.reason, agent.limits)}`,
        stopReason: outcome.reason,
        error: null,
      };
    }
    return { type: 'done', output: answer?.content.trim() ?? '' };
  } finally {
    agent.signal.removeEventListener('abort', onOuterAbort);
  }
}

/** Wraps the approval gate to learn whether this step's user denied a call (or let it time out). */
function watchApprovals(
  gate: ApprovalGate,
  onDeny: () => void = () => undefined,
): {
  gate: ApprovalGate;
  denied(): boolean;
  deniedTool(): string | null;
} {
  let deniedTool: string | null = null;
  return {
    gate: {
      async request(request, signal) {
        const decision = await gate.request(request, signal);
        if (decision === 'deny' || decision === 'timeout') {
          deniedTool = request.tool;
          onDeny();
        }
        return decision;
      },
    },
    denied: () => deniedTool !== null,
    deniedTool: () => deniedTool,
  };
}

function denied(index: number, tool: string): StepStop {
  return {
    type: 'stop',
    reason: 'denied',
    message: `You denied ${tool} in step ${index + 1}, so the workflow stopped there; nothing after it ran.`,
    stopReason: 'cancelled',
    error: null,
  };
}

function cancelled(why: 'cancelled' | 'timeout'): StepStop {
  return {
    type: 'stop',
    reason: 'cancelled',
    message: why === 'timeout' ? 'The workflow took longer than its time limit.' : 'You stopped the workflow.',
    stopReason: why,
    error: null,
  };
}

function failed(error: unknown): StepStop {
  const text = error instanceof Error ? error.message : String(error);
  return { type: 'stop', reason: 'failed', message: `The step failed: ${text}`, stopReason: 'provider_error', error: text };
}

export function stepTitle(step: WorkflowStep, index: number): string {
  if (step.title) return step.title;
  switch (step.type) {
    case 'prompt':
      return `Step ${index + 1}: ask the model`;
    case 'tool':
      return `Step ${index + 1}: ${step.tool}`;
    case 'confirm':
      return `Step ${index + 1}: confirm`;
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}

function summarise(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const limit = DEFAULTS.workflows.stepSummaryChars;
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
