import type { ChatMessage } from '../../../provider/provider-types';

/**
 * What changes between two requests of a run goes last, after the history: the tool stack's
 * "Current tool context:" block. It is a user message, not a system one: Ollama joins every system
 * message into the template's system block at the top (template/template.go, `collate`), so a
 * changing system message would make the server evaluate the whole history again at every step.
 * A trailing user message costs only itself: the next request keeps everything before it.
 * Consecutive user messages are joined by the server (same `collate`), so on the first step it
 * simply follows the user's text.
 */
export function promptTail(stackContext: string | null): ChatMessage[] {
  return stackContext ? [{ role: 'user', content: stackContext }] : [];
}
