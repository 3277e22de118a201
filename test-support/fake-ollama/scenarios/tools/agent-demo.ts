import { isStackContext, lastUserText, reply } from '../../reply-builders';
import type { FakeChatMessage, FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** The deepest level the "deep" flow delegates to (past the default depth limit of 20). */
export const DEEPEST_LEVEL = 24;

/**
 * Tool results since the current user message (native tool messages or prompt-mode results). The
 * tool stack's context goes last as a user message whenever a frame is open (inside every helper
 * of delegate_task): it is not the user's words, so it does not start a new round. Counted as one,
 * a helper saw no results after its own delegate call, asked for the same level again, and the
 * repeat guard failed every level of the "Go deep" demo.
 */
function resultsSinceLastUser(messages: FakeChatMessage[]): FakeChatMessage[] {
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user' && !message.content.startsWith('Tool result') && !isStackContext(message)) lastUser = index;
  });
  return messages.slice(lastUser + 1).filter((message) => message.role === 'tool');
}

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 160);

function multiTool(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) return reply.toolCall('list_directory', { path: '.' }, { text: 'Let me look at the workspace first.' });
  if (step === 1) return reply.toolCall('read_file', { path: 'notes.txt' });
  return reply.text(`I read notes.txt. It says: ${firstLine(fieldOf(results.at(-1)?.content ?? '', 'content'))}`, { delayMs: 20 });
}

function writeFile(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0)
    return reply.toolCall('write_file', { path: 'hello.txt', content: 'Hello from TACO\n' }, { text: 'I will save the greeting.' });
  const last = results.at(-1)?.content ?? '';
  return /denied/i.test(last)
    ? reply.text('You declined the write, so nothing was saved.')
    : reply.text('Saved hello.txt with the greeting.');
}

/** "remember": save_memory with the user's preference (asks for approval), then a short answer; "tea" answers from the prompt's notes. */
function remember(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) return reply.toolCall('save_memory', { note: 'I prefer green tea' }, { text: 'I will keep that in mind.' });
  return /denied/i.test(results.at(-1)?.content ?? '') ? reply.text('You declined, so I did not save it.') : reply.text('Saved to memory.');
}

function tea(request: FakeChatRequest): Reply {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  return reply.text(system.includes('- I prefer green tea') ? 'Your notes say you prefer green tea.' : 'I do not know which tea you like.');
}

/** "boiler": search_knowledge, then an answer citing the first passage found by its number. */
function boiler(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) return reply.toolCall('search_knowledge', { query: 'boiler pressure' });
  let first: number | null = null;
  try {
    first = (JSON.parse(results.at(-1)?.content ?? '') as { passages?: Array<{ n: number }> }).passages?.[0]?.n ?? null;
  } catch {
    first = null;
  }
  return reply.text(first === null ? 'Your folders say nothing about the boiler.' : `Keep the boiler at 1.5 bar when cold [${first}].`);
}

/** "prune": answers only from passages put into the system prompt (searching on every message), citing the first by its number. */
function prune(request: FakeChatRequest): Reply {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  const first = /^\[(\d+)\] [^\n]*garden\.md/m.exec(system)?.[1];
  return reply.text(first ? `Prune roses in late winter [${first}].` : 'No passages came with your message.');
}

function counting(step: number): Reply {
  return reply.toolCall('calculate', { expression: `${step} + 1` });
}

function deep(goal: string, step: number): Reply {
  const level = Number(/level (\d+)/.exec(goal)?.[1] ?? '1');
  if (step > 0) return reply.text(`Level ${level} is done.`);
  if (level >= DEEPEST_LEVEL) return reply.text(`Reached level ${level}, the bottom.`);
  return reply.toolCall('delegate_task', { task: `Work on level ${level + 1}` });
}

function ask(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) return reply.toolCall('ask_user', { question: 'Which colour do you like?' });
  return reply.text(`You like ${fieldOf(results.at(-1)?.content ?? '', 'answer')}.`);
}

/** Flows that end the run early, one per stop condition of the loop. */
function stopper(lower: string, step: number): Reply | null {
  if (lower.includes('broken')) return reply.toolCall('frobnicate', { how: `attempt ${step + 1}` });
  if (lower.includes('repeat')) return reply.toolCall('current_time', {});
  if (lower.includes('impossible')) return reply.text('I cannot complete this task because I have no access to that system.');
  if (lower.includes('stall')) return reply.stall([]);
  return null;
}

function readOutside(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) return reply.toolCall('read_file', { path: '../secret.txt' });
  return reply.text(`The read failed: ${firstLine(results.at(-1)?.content ?? '')}`);
}

/** Tool results are compact JSON (`{"answer": ...}`, `{"content": ...}`); fall back to the raw text. */
function fieldOf(content: string, field: string): string {
  try {
    const value = (JSON.parse(content) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : content;
  } catch {
    return content;
  }
}

/** Picks a scripted flow from words in the user's message, so one server serves every e2e flow. */
export function agentDemoReply(request: FakeChatRequest): Reply {
  // After max_iterations the loop asks, without tools, for a summary of what was done.
  const rounds = request.messages.filter((message) => message.role === 'tool').length;
  // A greeting goes out without tools (TACO's small-talk rule); a request after tool rounds without them is the summary.
  if ((!request.tools || request.tools.length === 0) && rounds > 0) {
    return reply.text(`I made ${rounds} tool calls but the task needs more rounds, so I stopped at the round limit.`);
  }
  const goal = lastUserText(request);
  const results = resultsSinceLastUser(request.messages);
  const step = results.length;
  const lower = goal.toLowerCase();
  if (/level \d+/.test(lower) || lower.includes('deep')) return deep(goal, step);
  if (lower.includes('remember')) return remember(step, results);
  if (lower.includes('which tea')) return tea(request);
  if (lower.includes('boiler')) return boiler(step, results);
  if (lower.includes('prune')) return prune(request);
  if (lower.includes('notes')) return multiTool(step, results);
  if (lower.includes('greeting')) return writeFile(step, results);
  if (lower.includes('count')) return counting(step);
  if (lower.includes('colour')) return ask(step, results);
  if (lower.includes('secret')) return readOutside(step, results);
  const early = stopper(lower, step);
  if (early) return early;
  return reply.text('Hello! How can I help you today?');
}

/**
 * Tool-using flows by keyword: "notes" (list_directory → read_file → answer), "greeting"
 * (write_file, needs approval), "count" (endless calculate calls: max_iterations), "deep"
 * (nested delegate_task past depth 20), "colour" (ask_user), "remember" (save_memory, needs approval),
 * "which tea" (answers from the notes recalled into the system prompt), "boiler" (search_knowledge, then an answer citing [n]),
 * "prune" (answers from the passages searched on every message, citing [n]),
 * "secret" (a read outside the workspace),
 * and one per early stop: "broken" (unknown tool), "repeat" (the same call again), "impossible"
 * (the model gives up), "stall" (no reply: timeout). Status sentences are answered.
 */
export const agentDemo: Scenario = {
  name: 'agent-demo',
  description: 'Keyword-scripted tool flows for end-to-end tests and demos.',
  models: standardModels(),
  replies: [],
  whenExhausted: agentDemoReply,
  sideRules: [
    {
      when: (request) => request.messages.some((message) => message.content.includes('Generate a single, clear, natural sentence')),
      reply: (request) => {
        const prompt = request.messages.map((message) => message.content).join('\n');
        const tool = /Tool: (.+)/.exec(prompt)?.[1]?.trim() ?? 'the tool';
        return reply.text(`Working with ${tool.toLowerCase()} for you`);
      },
    },
  ],
};
