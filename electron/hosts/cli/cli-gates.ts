import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { DEFAULTS } from '../../../shared/constants';
import type { ApprovalDecision, TacoEvent } from '../../../shared/contract/events';
import type { Risk } from '../../../shared/settings/settings';
import { abortError } from '../../services/orchestration/abort-error';
import { approvalRequestEvent } from '../../services/orchestration/approval-broker';
import { terminalSafe } from './output/terminal-safe';
import type { ApprovalGate, DepthGate, QuestionGate } from '../../services/orchestration/orchestration-types';

/** `--approve all|none|read`: read allows only tools whose risk is `read`. */
export type CliApproveMode = 'all' | 'none' | 'read';

export interface CliGateOptions {
  now?: () => number;
  newId?: () => string;
}

/** What the CLI's question gate answers when no one can be asked. */
export const NO_ONE_TO_ASK = '(No answer: this command-line run has no one to ask. Continue without it.)';

export function decideByPolicy(mode: CliApproveMode, risk: Risk): ApprovalDecision {
  switch (mode) {
    case 'all':
      return 'allow-once';
    case 'none':
      return 'deny';
    case 'read':
      return risk === 'read' ? 'allow-once' : 'deny';
    default: {
      const unreachable: never = mode;
      return unreachable;
    }
  }
}

/**
 * Answers approvals from the `--approve` flag at once. It still emits the request and its
 * resolution, so `--json` shows every approval the run needed and how it was answered.
 */
export function createPolicyApprovalGate(
  mode: CliApproveMode,
  emit: (event: TacoEvent) => void,
  options: CliGateOptions = {},
): ApprovalGate {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? randomUUID;
  return {
    async request(request, signal) {
      if (signal.aborted) throw abortError(signal, 'The approval request');
      const approvalId = newId();
      const { runId, conversationId } = request;
      emit(approvalRequestEvent(request, approvalId, now()));
      const decision = decideByPolicy(mode, request.risk);
      emit({ type: 'approval-resolved', runId, conversationId, approvalId, decision });
      return decision;
    },
  };
}

/** `--on-depth-limit continue|cancel`: answers the depth prompt at once, emitting both events. */
export function createFixedDepthGate(
  decision: 'continue' | 'cancel',
  emit: (event: TacoEvent) => void,
  step: number = DEFAULTS.depthLimitStep,
): DepthGate {
  return {
    async decide(request, signal) {
      if (signal.aborted) throw abortError(signal, 'The depth prompt');
      const { runId, conversationId, depth, limit } = request;
      emit({ type: 'depth-limit', runId, conversationId, depth, limit, frames: request.frames.map((frame) => ({ ...frame })) });
      emit({ type: 'depth-resolved', runId, conversationId, decision, limit: decision === 'continue' ? limit + step : limit });
      return decision;
    },
  };
}

export interface CliQuestionGateOptions extends CliGateOptions {
  emit: (event: TacoEvent) => void;
  /** Default process.stdin. */
  input?: Readable;
  /** Where the question is written; default process.stderr (stdout carries the answer or JSON). */
  output?: Writable;
  /** Whether someone can answer; default: stdin and stderr are both terminals. */
  interactive?: boolean;
}

/** `ask_user` in the CLI: asks on the terminal when there is one, otherwise answers NO_ONE_TO_ASK. */
export function createCliQuestionGate(options: CliQuestionGateOptions): QuestionGate {
  const { emit } = options;
  const newId = options.newId ?? randomUUID;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  const interactive = options.interactive ?? Boolean(process.stdin.isTTY && process.stderr.isTTY);

  return {
    async ask(request, signal) {
      if (signal.aborted) throw abortError(signal, 'The question');
      const questionId = newId();
      const { runId, conversationId } = request;
      emit({ type: 'question', runId, conversationId, questionId, callId: request.callId, question: request.question });
      const answer = interactive ? await askOnTerminal(request.question, input, output, signal) : NO_ONE_TO_ASK;
      emit({ type: 'question-answered', runId, conversationId, questionId, answer });
      return answer;
    },
  };
}

/** What the question gate answers when the user just presses Enter. */
export const EMPTY_TERMINAL_ANSWER = '(The user pressed Enter without answering.)';

async function askOnTerminal(question: string, input: Readable, output: Writable, signal: AbortSignal): Promise<string> {
  const terminal = createInterface({ input, output, terminal: false });
  // Input that ends (Ctrl-D, a closed pipe) means no one will answer.
  const ended = new Promise<string>((resolve) => terminal.once('close', () => resolve(NO_ONE_TO_ASK)));
  try {
    // The question is the model's text: no escape sequence reaches the terminal.
    const answer = await Promise.race([terminal.question(`${terminalSafe(question)}\n> `, { signal }), ended]);
    return answer.trim() || EMPTY_TERMINAL_ANSWER;
  } catch (error) {
    if (signal.aborted) throw abortError(signal, 'The question');
    throw error;
  } finally {
    terminal.close();
  }
}
