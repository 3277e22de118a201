import { lastUserText, reply, toolResults } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** Calculations each conversation makes after the user's answer. */
export const CONCURRENT_TOOL_ROUNDS = 3;
/** Pause between streamed pieces, so that conversations streaming at once interleave on the wire. */
const PIECE_DELAY_MS = 2;

/** The number in "task 7" (the user's message) or in "Go on with task 7?" (the question). */
export function taskNumberOf(text: string): number {
  return Number(/task (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

/** The answer text conversation `n` streams over the whole run, joined. */
export function concurrentTaskText(n: number): string {
  const rounds = Array.from({ length: CONCURRENT_TOOL_ROUNDS }, (_, round) => `Task ${n} step ${round + 1}. `).join('');
  const products = Array.from({ length: CONCURRENT_TOOL_ROUNDS }, (_, round) => n * (round + 1)).join(', ');
  return `Task ${n} asks first. ${rounds}Task ${n} is done: ${products}.`;
}

/**
 * Stateless, so any number of conversations can run at once: the task number comes from the
 * user's message and the step from the tool results already in the request. First the model
 * asks the user (a barrier the test uses to have every run paused at once), then it calculates
 * `n * 1`, `n * 2`, … and answers with the products it was given.
 */
export function concurrentTaskReply(request: FakeChatRequest): Reply {
  const n = taskNumberOf(lastUserText(request));
  const results = toolResults(request);
  const options = { delayMs: PIECE_DELAY_MS };
  if (results.length === 0)
    return reply.toolCall('ask_user', { question: `Go on with task ${n}?` }, { ...options, text: `Task ${n} asks first. ` });
  const round = results.length;
  if (round <= CONCURRENT_TOOL_ROUNDS) {
    return reply.toolCall('calculate', { expression: `${n} * ${round}` }, { ...options, text: `Task ${n} step ${round}. ` });
  }
  const products = results
    .slice(1)
    .map((result) => result.content.match(/-?\d+(\.\d+)?/g)?.at(-1) ?? '?')
    .join(', ');
  return reply.text(`Task ${n} is done: ${products}.`, options);
}

export const concurrentTasks: Scenario = {
  name: 'concurrent-tasks',
  description: 'Stateless: "task N" asks the user, calculates N*1..N*3 and answers with the products; for many conversations at once.',
  models: standardModels(),
  replies: [],
  whenExhausted: concurrentTaskReply,
  sideDefault: reply.text('Working on it'),
};
