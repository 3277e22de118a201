import { reply } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** The tool the benchmark's task calls, round after round. */
export const BENCH_TOOL = 'lookup_value';
/** Tool rounds before the final answer. */
export const BENCH_TOOL_ROUNDS = 5;

/**
 * Stateless, so any number of clients can run the task at once: the number of tool results
 * already in the request decides the next reply. Fewer than BENCH_TOOL_ROUNDS: call the tool
 * again with the next key; then answer.
 */
export function toolRoundsReply(request: FakeChatRequest): Reply {
  const results = request.messages.filter((message) => message.role === 'tool').length;
  if (results < BENCH_TOOL_ROUNDS) return reply.toolCall(BENCH_TOOL, { key: `k${results + 1}` });
  return reply.text(`All ${BENCH_TOOL_ROUNDS} values are looked up. Done.`);
}

const hasTools = (request: FakeChatRequest): boolean => (request.tools?.length ?? 0) > 0;

/**
 * The peer benchmark's task: five tool rounds, then an answer. Streamed calls (our loop) and
 * non-streamed calls that offer tools (the Vercel AI SDK's generateText) get the same replies;
 * other non-streamed calls (status sentences) get a short sentence.
 */
export const benchToolRounds: Scenario = {
  name: 'bench-tool-rounds',
  description: `${BENCH_TOOL_ROUNDS} rounds of ${BENCH_TOOL}, then an answer; the same for streamed and non-streamed calls.`,
  models: standardModels(),
  replies: [],
  whenExhausted: toolRoundsReply,
  sideRules: [{ when: hasTools, reply: toolRoundsReply }],
  sideDefault: reply.text('Looking up a value'),
};
