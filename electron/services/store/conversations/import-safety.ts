import type { ConversationOptions } from '../../../../shared/conversations/conversation';
import type { EventOf, TacoEvent } from '../../../../shared/contract/events';

export const IMPORTED_RUN_MESSAGE =
  'Imported: this task had not finished in the exported conversation, so it was closed and cannot be resumed here. Type a message to go on.';

/**
 * An imported timeline may end with runs that never finished, even one paused on an approval:
 * resuming it would run the goal whoever wrote the file chose. Each such run gets a run-finish
 * (interrupted, with words saying why), so nothing waits and nothing can be resumed.
 */
export function closeImportedRuns(events: readonly TacoEvent[]): TacoEvent[] {
  const open = new Map<string, { conversationId: string; at: number }>();
  let lastAt = 0;
  for (const event of events) {
    if ('at' in event && typeof event.at === 'number') lastAt = Math.max(lastAt, event.at);
    if (event.type === 'run-start') open.set(event.runId, { conversationId: event.conversationId, at: event.startedAt });
    else if (event.type === 'run-finish') open.delete(event.runId);
  }
  const closing = [...open].map(([runId, run]): EventOf<'run-finish'> => ({
    type: 'run-finish',
    runId,
    conversationId: run.conversationId,
    reason: 'interrupted',
    message: IMPORTED_RUN_MESSAGE,
    error: null,
    at: Math.max(lastAt, run.at),
  }));
  return [...events, ...closing];
}

/**
 * An imported system prompt is kept but flagged: the loop does not use it until the user says so
 * (conversation.confirmSystemPrompt). A flag in the file itself is never trusted.
 */
export function flagImportedOptions(options: ConversationOptions | undefined): ConversationOptions | undefined {
  if (!options) return options;
  const { systemPromptImported: _fromFile, ...rest } = options;
  return rest.systemPrompt?.trim() ? { ...rest, systemPromptImported: true } : rest;
}
