import { isStackContext, lastUserText, reply } from '../../reply-builders';
import type { FakeChatMessage, FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** Tool messages after the last user message: how far the flow has got. */
function resultsSinceLastUser(messages: FakeChatMessage[]): FakeChatMessage[] {
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user' && !isStackContext(message)) lastUser = index;
  });
  return messages.slice(lastUser + 1).filter((message) => message.role === 'tool');
}

/** "file the meeting notes": write with tags, then search_documents by a word of the content and by tag. */
function fileNotes(step: number, results: FakeChatMessage[]): Reply {
  if (step === 0) {
    return reply.toolCall('write_file', {
      path: 'notes/meeting.md',
      content: 'The budget for the zeppelin hangar was approved.\n',
      description: 'Minutes of the Monday meeting',
      tags: ['minutes', 'monday'],
    });
  }
  if (step === 1) return reply.toolCall('search_documents', { query: 'zeppelin' });
  if (step === 2) return reply.toolCall('search_documents', { query: '', tag: 'minutes' });
  return reply.text(`Found: ${results.at(-2)?.content ?? ''} | by tag: ${results.at(-1)?.content ?? ''}`);
}

/** The helper's flow: it reads the given document from its first message, writes a summary and hands it back. */
function helper(step: number): Reply {
  if (step === 0) return reply.toolCall('write_file', { path: 'summary.md', content: 'Short version: the airship lands at noon.\n' });
  return reply.toolCall('handoff', { result: 'I wrote the summary.', documents: ['summary.md'] });
}

/**
 * Documents between agents, keyed on the user's words: "delegate the summary" (delegate_task with
 * documents: ["notes.txt"]; the helper — its task says "Summarise the notes" — writes summary.md
 * and hands it back), "file the meeting notes" (write_file with tags, then search_documents).
 */
export function documentsDemoReply(request: FakeChatRequest): Reply {
  const goal = lastUserText(request);
  const results = resultsSinceLastUser(request.messages);
  const step = results.length;
  if (goal.startsWith('Summarise the notes')) return helper(step);
  if (goal.includes('delegate the summary')) {
    if (step === 0) return reply.toolCall('delegate_task', { task: 'Summarise the notes', documents: ['notes.txt'] });
    return reply.text('The helper is done.');
  }
  if (goal.includes('file the meeting notes')) return fileNotes(step, results);
  return reply.text('Hello!');
}

export const documentsDemo: Scenario = {
  name: 'documents-demo',
  description: 'Documents passed between agents, and search_documents.',
  models: standardModels(),
  replies: [],
  whenExhausted: documentsDemoReply,
};
