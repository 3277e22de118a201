import { reply, toolResults } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const ROUND_TRIP_TOOL = 'list_directory';

/** Calls list_directory for a new request; once a tool result is in the history, answers with it. */
export function roundTripReply(request: FakeChatRequest): Reply {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return reply.toolCall(ROUND_TRIP_TOOL, { path: '.' }, { text: 'Let me look at the workspace.' });
  const result = toolResults(request).at(-1);
  const firstLine = (result?.content ?? '').split('\n')[0] ?? '';
  return reply.text(`The ${result?.toolName ?? 'tool'} result starts with: ${firstLine.slice(0, 200)}`);
}

/** One tool round per user turn, whatever the call count: for manual runs and e2e flows. */
export const toolRoundTrip: Scenario = {
  name: 'tool-round-trip',
  description: `Each user turn: a ${ROUND_TRIP_TOOL} call, then an answer quoting the tool result.`,
  models: standardModels(),
  replies: [],
  whenExhausted: roundTripReply,
};
