import { chunk, reply } from '../../reply-builders';
import type { FakeChatMessage, FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** What the built-in workflows' prompt steps get back, so tests can find it in events and files. */
export const WORKFLOW_REPLIES = {
  summary: 'SUMMARY: the file greets the reader.',
  explanation: 'EXPLANATION: a tiny demo project; start with README.md.',
  commitMessage: 'Add a greeting so new users feel welcome',
  plan: 'PLAN: app/hello.py prints hello; app/README.md explains it.',
  created: 'Created app/hello.py and app/README.md.',
  renamed: 'Renamed in src/main.py.',
  extracted: '{"file": "notes.txt", "length": "one sentence"}',
  /** Streamed before a "please stall" reply stalls, so a test can see the step streaming. */
  stalling: 'Thinking it over…',
} as const;

/** The current request's messages after the last real user message (tool results of this step). */
function sinceLastUser(messages: FakeChatMessage[]): FakeChatMessage[] {
  let last = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user' && !message.content.startsWith('Tool result')) last = index;
  });
  return messages.slice(last + 1);
}

function lastUser(messages: FakeChatMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === 'user' && !message.content.startsWith('Tool result')) return message.content;
  }
  return '';
}

/** Picks the reply by the built-in workflow whose prompt step is asking (words of its template). */
export function workflowReply(request: FakeChatRequest): Reply {
  const prompt = lastUser(request.messages);
  const results = sinceLastUser(request.messages).filter((message) => message.role === 'tool');
  const step = results.length;
  if (prompt.includes('please stall')) return reply.stall([chunk.content(WORKFLOW_REPLIES.stalling)]);
  if (prompt.startsWith('Summarise the file')) return reply.text(WORKFLOW_REPLIES.summary);
  if (prompt.startsWith('Explain the folder')) {
    const [, folder = '.'] = /^Explain the folder (\S+) to/.exec(prompt) ?? [];
    if (step === 0) return reply.toolCall('read_file', { path: folder === '.' ? 'README.md' : `${folder}/README.md` });
    return reply.text(WORKFLOW_REPLIES.explanation);
  }
  if (prompt.includes('git commit message')) return reply.text(WORKFLOW_REPLIES.commitMessage);
  if (prompt.startsWith('Plan a small')) return reply.text(WORKFLOW_REPLIES.plan);
  if (prompt.startsWith('Create the planned')) {
    if (step === 0) {
      return reply.toolCalls([
        { name: 'write_file', arguments: { path: 'app/hello.py', content: 'print("hello")\n' } },
        { name: 'write_file', arguments: { path: 'app/README.md', content: '# hello\n\nRun python3 hello.py.\n' } },
      ]);
    }
    return reply.text(WORKFLOW_REPLIES.created);
  }
  if (prompt.startsWith('Rename the identifier')) {
    const [, oldName = '', newName = ''] = /Rename the identifier (\S+) to (\S+)/.exec(prompt) ?? [];
    if (step === 0) return reply.toolCall('read_file', { path: 'src/main.py' });
    if (step === 1) {
      const content = contentOf(results[0]?.content ?? '');
      return reply.toolCall('write_file', { path: 'src/main.py', content: content.split(oldName).join(newName) });
    }
    return reply.text(WORKFLOW_REPLIES.renamed);
  }
  if (prompt.includes('Write three files')) {
    if (step === 0) {
      return reply.toolCalls(
        ['a.txt', 'b.txt', 'c.txt'].map((path) => ({ name: 'write_file', arguments: { path, content: `${path} content\n` } })),
      );
    }
    return reply.text('Wrote three files.');
  }
  return reply.text('Hello from the workflows scenario.');
}

/** read_file's result is compact JSON with a "content" field. */
function contentOf(result: string): string {
  try {
    const value = (JSON.parse(result) as Record<string, unknown>).content;
    return typeof value === 'string' ? value : result;
  } catch {
    return result;
  }
}

/**
 * Scripted answers for every built-in workflow (by the words of its prompt steps), "please stall"
 * anywhere in a prompt (Stop during a step), "Write three files" (batch approval), and the
 * parameter extraction side request (a JSON object).
 */
export const workflows: Scenario = {
  name: 'workflows',
  description: 'Answers for the built-in workflows, a stalling step, three writes in one turn, and param extraction.',
  models: standardModels(),
  replies: [],
  whenExhausted: workflowReply,
  sideRules: [
    {
      when: (request) => request.messages.some((message) => message.content.includes('You fill in a form')),
      reply: reply.text(WORKFLOW_REPLIES.extracted),
    },
  ],
};
