import type { TacoEvent } from '../../shared/events';
import type { StackFrame } from '../../shared/tools/tool-stack';

/** Builders for events of one conversation and run, so tests read like a timeline. */
export function eventsFor(conversationId = 'c1', runId = 'r1') {
  const run = { conversationId, runId };
  return {
    user: (text: string, messageId = `m-${text.length}`): TacoEvent => ({ type: 'user-message', conversationId, messageId, text, at: 1 }),
    command: (command: string, output: string): TacoEvent => ({ type: 'command-output', conversationId, command, output, at: 2 }),
    start: (goal = 'goal', model = 'llama3.2'): TacoEvent => ({ ...run, type: 'run-start', model, goal, startedAt: 10 }),
    text: (text: string): TacoEvent => ({ ...run, type: 'text-delta', text }),
    thinking: (text: string): TacoEvent => ({ ...run, type: 'thinking-delta', text }),
    status: (text: string): TacoEvent => ({ ...run, type: 'status', text }),
    call: (callId: string, tool: string, args: Record<string, string> = {}, frameId: string | null = null): TacoEvent => ({
      ...run,
      type: 'tool-call',
      toolType: 'function',
      callId,
      tool,
      args,
      frameId,
      at: 20,
    }),
    result: (callId: string, tool: string, result: string, durationMs = 5): TacoEvent => ({
      ...run,
      type: 'tool-result',
      callId,
      tool,
      result,
      truncated: false,
      durationMs,
    }),
    progress: (callId: string, progress: number, total: number | null = null, message: string | null = null): TacoEvent => ({
      ...run,
      type: 'tool-progress',
      callId,
      progress,
      total,
      message,
      at: 30,
    }),
    imageResult: (callId: string, tool: string, result: string, images: string[]): TacoEvent => ({
      ...run,
      type: 'tool-result',
      callId,
      tool,
      result,
      truncated: false,
      durationMs: 5,
      images,
    }),
    error: (callId: string, tool: string, error: string, durationMs = 7): TacoEvent => ({
      ...run,
      type: 'tool-error',
      callId,
      tool,
      error,
      durationMs,
    }),
    stack: (frames: StackFrame[], depthLimit = 20): TacoEvent => ({ ...run, type: 'stack', frames, depthLimit }),
    approval: (approvalId: string, callId: string, tool = 'write_file', preview: string | null = '+hello'): TacoEvent => ({
      ...run,
      type: 'approval-request',
      approvalId,
      callId,
      tool,
      args: { path: 'a.txt', content: 'hello' },
      risk: 'write',
      preview,
      expiresAt: 999,
    }),
    approvalResolved: (approvalId: string, decision: 'allow-once' | 'allow-conversation' | 'deny' | 'timeout'): TacoEvent => ({
      ...run,
      type: 'approval-resolved',
      approvalId,
      decision,
    }),
    depth: (frames: StackFrame[], depth = 20, limit = 20): TacoEvent => ({ ...run, type: 'depth-limit', depth, limit, frames }),
    depthResolved: (decision: 'continue' | 'cancel', limit = 40): TacoEvent => ({ ...run, type: 'depth-resolved', decision, limit }),
    question: (questionId: string, question: string): TacoEvent => ({
      ...run,
      type: 'question',
      questionId,
      callId: `call-${questionId}`,
      question,
    }),
    answered: (questionId: string, answer: string): TacoEvent => ({ ...run, type: 'question-answered', questionId, answer }),
    usage: (tokensPerSecond: number | null = 42.5, contextTruncated = false): TacoEvent => ({
      ...run,
      type: 'usage',
      promptTokens: 100,
      completionTokens: 50,
      tokensPerSecond,
      contextTokens: 4096,
      contextTruncated,
    }),
    offered: (offered: string[], total: number, narrowed = true, ranker: 'lexical' | 'embedding' = 'lexical'): TacoEvent => ({
      ...run,
      type: 'tools-offered',
      offered,
      total,
      narrowed,
      ranker,
    }),
    /** A step whose prompt filled the context window. */
    truncatedUsage: (promptTokens = 8192, contextTokens = 8192): TacoEvent => ({
      ...run,
      type: 'usage',
      promptTokens,
      completionTokens: 5,
      tokensPerSecond: 30,
      contextTokens,
      contextTruncated: false,
      truncated: true,
    }),
    finish: (
      reason: Extract<TacoEvent, { type: 'run-finish' }>['reason'] = 'complete',
      message = 'Done.',
      error: string | null = null,
    ): TacoEvent => ({
      ...run,
      type: 'run-finish',
      reason,
      message,
      error,
      at: 99,
    }),
  };
}

export function frame(frameId: string, tool: string, overrides: Partial<StackFrame> = {}): StackFrame {
  return {
    frameId,
    parentFrameId: null,
    tool,
    callId: `call-${frameId}`,
    state: 'running',
    waitingFor: null,
    startedAt: 1000,
    ...overrides,
  };
}
