import type { TacoEvent } from '../shared/contract/events';
import { createConversationStore } from '../electron/services/store/conversations/conversation-store';
import { BENCH_DEFAULTS } from './bench-defaults';

/** The sentence the last answer of every generated conversation ends with: "painted" means it is on screen. */
export function endMarker(title: string): string {
  return `End of ${title}.`;
}

/** An assistant answer with prose and a code block, as a chat about code has. */
export function answerText(index: number): string {
  return [
    `Answer ${index}: here is a function that does what you asked, with a short explanation.`,
    '',
    '```ts',
    `export function step${index}(values: number[]): number {`,
    '  let total = 0;',
    `  for (const value of values) total += value * ${(index % 9) + 1};`,
    '  return total;',
    '}',
    '```',
    '',
    `It multiplies each value by ${(index % 9) + 1} and adds them up; call it with an array of numbers.`,
  ].join('\n');
}

/** The events of `messages` messages (user and assistant alternating), as the app stores them. */
export function conversationEvents(conversationId: string, title: string, messages: number, startAt = 1_700_000_000_000): TacoEvent[] {
  const events: TacoEvent[] = [];
  const exchanges = Math.ceil(messages / 2);
  for (let index = 0; index < exchanges; index += 1) {
    const at = startAt + index * 60_000;
    const runId = `${conversationId}-run-${index}`;
    const last = index === exchanges - 1;
    events.push({
      type: 'user-message',
      conversationId,
      messageId: `${conversationId}-user-${index}`,
      text: `Question ${index}: how do I write step ${index}?`,
      at,
    });
    if (index * 2 + 1 >= messages) break;
    events.push({ type: 'run-start', conversationId, runId, model: BENCH_DEFAULTS.model, goal: `Question ${index}`, startedAt: at + 10 });
    events.push({
      type: 'text-delta',
      conversationId,
      runId,
      text: last ? `${answerText(index)}\n\n${endMarker(title)}` : answerText(index),
    });
    events.push({
      type: 'usage',
      conversationId,
      runId,
      promptTokens: 400,
      completionTokens: 120,
      tokensPerSecond: 42.5,
      contextTokens: 8192,
      contextTruncated: false,
    });
    events.push({ type: 'run-finish', conversationId, runId, reason: 'complete', message: 'Done.', error: null, at: at + 3000 });
  }
  return events;
}

/**
 * The events of `messages` messages as a user who edits writes them: every
 * `BENCH_DEFAULTS.openMainEditEvery`th question is edited once (a rewind, the new text, its
 * answer), then the conversation goes on from the edit; the last answer is regenerated at the
 * end, so the newest page spans the branch point with the branch left behind between its parts.
 */
export function branchedConversationEvents(conversationId: string, title: string, messages: number): TacoEvent[] {
  const plain = conversationEvents(conversationId, title, messages);
  const events: TacoEvent[] = [];
  let edits = 0;
  const edit = (messageId: string, text: string, at: number, finalText: string): void => {
    edits += 1;
    const editId = `${conversationId}-edit-${edits}`;
    const runId = `${conversationId}-edit-run-${edits}`;
    events.push({ type: 'timeline-rewound', conversationId, fromMessageId: messageId, messageId: editId, at });
    events.push({ type: 'user-message', conversationId, messageId: editId, text: `${text} (edited)`, at });
    events.push({ type: 'run-start', conversationId, runId, model: BENCH_DEFAULTS.model, goal: text, startedAt: at + 10 });
    events.push({ type: 'text-delta', conversationId, runId, text: finalText });
    events.push({ type: 'run-finish', conversationId, runId, reason: 'complete', message: 'Done.', error: null, at: at + 3000 });
  };
  let question: { messageId: string; text: string; at: number } | null = null;
  let exchange = 0;
  for (const event of plain) {
    events.push(event);
    if (event.type === 'user-message') question = { messageId: event.messageId, text: event.text, at: event.at };
    if (event.type === 'run-finish' && question) {
      exchange += 1;
      if (exchange % BENCH_DEFAULTS.openMainEditEvery === 0) edit(question.messageId, question.text, question.at, answerText(exchange));
    }
  }
  // The last answer again (chat.regenerate), ending with the marker the plain one ends with.
  if (question) edit(question.messageId, question.text, question.at, `${answerText(exchange)}\n\n${endMarker(title)}`);
  return events;
}

export interface GeneratedConversation {
  conversationId: string;
  title: string;
  messages: number;
}

/** Writes conversations through the real store (so the format is always the app's own). */
export async function writeConversations(
  dataDir: string,
  specs: ReadonlyArray<{ title: string; messages: number; branched?: boolean }>,
): Promise<GeneratedConversation[]> {
  const store = createConversationStore({ dataDir, log: () => undefined });
  const made: GeneratedConversation[] = [];
  // A few at a time: each create rewrites the index, and concurrent creates share one write.
  const parallel = 25;
  for (let start = 0; start < specs.length; start += parallel) {
    const group = specs.slice(start, start + parallel);
    const created = await Promise.all(
      group.map(async (spec) => {
        const summary = await store.create({ title: spec.title, model: BENCH_DEFAULTS.model });
        const events = (spec.branched ? branchedConversationEvents : conversationEvents)(summary.conversationId, spec.title, spec.messages);
        await store.append(summary.conversationId, events);
        // The first edit of a conversation without branches leaves its tail facts to the next whole read (the first open after it).
        if (spec.branched) await store.read(summary.conversationId);
        return { conversationId: summary.conversationId, title: spec.title, messages: spec.messages };
      }),
    );
    made.push(...created);
  }
  await store.close();
  return made;
}
