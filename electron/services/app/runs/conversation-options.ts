import type { ConversationOptions } from '../../../../shared/conversations/conversation';

/**
 * A conversation.setOptions request over the stored options: a value sets the field, null clears
 * it (the app's default applies again), an absent field stays as it was.
 */
export function mergeConversationOptions(current: ConversationOptions | undefined, patch: ConversationOptions): ConversationOptions {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next;
}
