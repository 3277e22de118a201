import { lastUserText, reply, toolResults } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const STORY_WORDS = 60;
export const STORY_DELAY_MS = 100;

/** Whether the model has already seen a tool result for the current user message. */
function hasResultSinceLastUser(request: FakeChatRequest): boolean {
  const last = request.messages.findLastIndex((message) => message.role === 'user');
  return request.messages.slice(last + 1).some((message) => message.role === 'tool');
}

/**
 * Conversation management and restarts: "files" lists the workspace with a tool, "save" writes
 * note.txt (which asks for approval), "story" streams
 * slowly (for Stop and kill -9), anything else gets a numbered answer quoting the message, so a
 * regenerated answer differs from the first.
 */
export function conversationsReply(request: FakeChatRequest): Reply {
  const text = lastUserText(request);
  const lower = text.toLowerCase();
  if (lower.includes('files')) {
    if (!hasResultSinceLastUser(request)) return reply.toolCall('list_directory', { path: '.' }, { text: 'Let me look at the workspace.' });
    const listing = toolResults(request).at(-1)?.content ?? '';
    return reply.text(`The workspace holds: ${listing.includes('notes.txt') ? 'notes.txt' : 'nothing I know'}.`);
  }
  if (lower.includes('save')) {
    if (!hasResultSinceLastUser(request))
      return reply.toolCall('write_file', { path: 'note.txt', content: 'Remember the milk\n' }, { text: 'I will save the note.' });
    const result = toolResults(request).at(-1)?.content ?? '';
    return reply.text(/denied|declined/i.test(result) ? 'Nothing was saved.' : 'Saved note.txt.');
  }
  if (lower.includes('story')) {
    return {
      type: 'chunks',
      chunks: Array.from({ length: STORY_WORDS }, (_, index) => ({ type: 'content' as const, text: `word${index + 1} ` })),
      delayMs: STORY_DELAY_MS,
      ending: { type: 'done', doneReason: 'stop', counts: {} },
    };
  }
  return reply.text(`Answer ${request.call}: you asked “${text}”.`);
}

export const conversations: Scenario = {
  name: 'conversations',
  description:
    '"files" → list_directory then an answer; "save" → write_file note.txt; "story" → 60 slow words; anything else → "Answer <n>: you asked …".',
  models: standardModels(),
  replies: [],
  whenExhausted: conversationsReply,
};
