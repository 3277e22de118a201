import type { TacoEvent } from '../../../../shared/events';

/**
 * A conversation with one of almost everything a timeline holds: thinking, text in pieces, a tool
 * call with an approval, a question, a failed call, a stack, usage, an edit (rewind), and a last
 * run cut off by a stop of TACO. For round-trip tests.
 */
export function richConversation(c: string): TacoEvent[] {
  const run = (runId: string) => ({ conversationId: c, runId });
  return [
    { type: 'user-message', conversationId: c, messageId: 'm1', text: 'Write `notes.txt` with <b>bold</b> chores', at: 10 },
    { type: 'run-start', ...run('r1'), model: 'qwen3:4b', goal: 'Write notes', startedAt: 11 },
    { type: 'status', ...run('r1'), text: 'Analyzing request...' },
    { type: 'thinking-delta', ...run('r1'), text: 'The user wants ``` a file.' },
    { type: 'text-delta', ...run('r1'), text: 'I will write ' },
    { type: 'text-delta', ...run('r1'), text: 'the file.' },
    { type: 'usage', ...run('r1'), promptTokens: 120, completionTokens: 30, tokensPerSecond: 41.5, contextTokens: 8192, contextTruncated: false },
    { type: 'tool-call', ...run('r1'), callId: 'c1', tool: 'write_file', toolType: 'function', args: { path: 'notes.txt', content: 'a ```` b\n<script>alert(1)</script>' }, frameId: 'f1', at: 12 },
    { type: 'stack', ...run('r1'), frames: [{ frameId: 'f1', parentFrameId: null, tool: 'write_file', callId: 'c1', state: 'waiting-approval', waitingFor: 'your approval', startedAt: 12 }], depthLimit: 20 },
    { type: 'approval-request', ...run('r1'), approvalId: 'a1', callId: 'c1', tool: 'write_file', args: { path: 'notes.txt' }, risk: 'write', preview: '+a', expiresAt: 99 },
    { type: 'approval-resolved', ...run('r1'), approvalId: 'a1', decision: 'allow-once' },
    { type: 'tool-result', ...run('r1'), callId: 'c1', tool: 'write_file', result: 'Wrote 2 lines to notes.txt', truncated: false, durationMs: 4 },
    { type: 'stack', ...run('r1'), frames: [], depthLimit: 20 },
    { type: 'tool-call', ...run('r1'), callId: 'c2', tool: 'ask_user', toolType: 'ask_user', args: { question: 'Which colour?' }, frameId: 'f2', at: 13 },
    { type: 'question', ...run('r1'), questionId: 'q1', callId: 'c2', question: 'Which colour?' },
    { type: 'question-answered', ...run('r1'), questionId: 'q1', answer: 'Red' },
    { type: 'tool-result', ...run('r1'), callId: 'c2', tool: 'ask_user', result: 'Red', truncated: false, durationMs: 900 },
    { type: 'tool-call', ...run('r1'), callId: 'c3', tool: 'no_such_tool', toolType: null, args: {}, frameId: null, at: 14 },
    { type: 'tool-error', ...run('r1'), callId: 'c3', tool: 'no_such_tool', error: 'Unknown tool', durationMs: 0 },
    { type: 'depth-limit', ...run('r1'), depth: 20, limit: 20, frames: [] },
    { type: 'depth-resolved', ...run('r1'), decision: 'continue', limit: 40 },
    { type: 'text-delta', ...run('r1'), text: 'Done: the file has **red** chores. [x](javascript:alert(1))' },
    { type: 'run-finish', ...run('r1'), reason: 'max_iterations', message: 'Stopped after 10 tool rounds. Continue with the task?', error: null, at: 15 },
    { type: 'command-output', conversationId: c, command: '/status', output: 'No task is running.', at: 16 },
    { type: 'user-message', conversationId: c, messageId: 'm2', text: 'Withdrawn question', at: 17 },
    { type: 'run-start', ...run('r2'), model: 'qwen3:4b', goal: 'Withdrawn question', startedAt: 18 },
    { type: 'text-delta', ...run('r2'), text: 'Withdrawn answer' },
    { type: 'run-finish', ...run('r2'), reason: 'complete', message: 'Done.', error: null, at: 19 },
    { type: 'timeline-rewound', conversationId: c, fromMessageId: 'm2', at: 20 },
    { type: 'user-message', conversationId: c, messageId: 'm3', text: 'Edited question', at: 21 },
    { type: 'run-start', ...run('r3'), model: 'qwen3:4b', goal: 'Edited question', startedAt: 22 },
    { type: 'text-delta', ...run('r3'), text: 'Cut off mid' },
  ];
}
