import type { TacoEvent } from '../shared/contract/events';

/** A user's message as the store keeps it, its id made from its text (tests of the conversation store). */
export const userMessage = (conversationId: string, text: string): TacoEvent => ({
  type: 'user-message',
  conversationId,
  messageId: `m-${text}`,
  text,
  at: 1,
});
