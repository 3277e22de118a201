/**
 * Which conversations got their title, seen from the events a WebSocket client of the web host
 * receives. A new conversation is named by a side request after its run finishes
 * (`electron/services/app/titles/title-scheduler.ts`); the host then sends a
 * `conversation-updated`. Only that one comes after the conversation's `run-finish` here (the
 * model is noted when the run starts), so an update after the finish is the title.
 */
import type { TacoEvent } from '../../shared/contract/events';
import type { WsBenchClient } from './ws-bench-client';

export interface TitlesSettled {
  /** Conversations whose title came. */
  titled: number;
  /** Conversations whose title had not come when the bound passed (the host gave up: their first words stay). */
  missing: number;
}

export interface TitleWatch {
  /**
   * Resolves once every conversation of `conversationIds` got its title, or when `boundMs` passed
   * (a title ended by a step of another conversation never comes). Forgets those conversations.
   */
  settled(conversationIds: readonly string[], boundMs: number): Promise<TitlesSettled>;
  stop(): void;
}

/** Start it before the conversations do: a title may come before the caller asks about it. */
export function watchTitles(client: Pick<WsBenchClient, 'onEvents'>): TitleWatch {
  const finished = new Set<string>();
  const titled = new Set<string>();
  let waiting: { ids: readonly string[]; done: () => void } | null = null;
  const note = (event: TacoEvent): void => {
    if (event.type === 'run-finish') finished.add(event.conversationId);
    if (event.type === 'conversation-updated' && finished.has(event.conversationId)) titled.add(event.conversationId);
  };
  const unsubscribe = client.onEvents((events) => {
    for (const event of events) note(event);
    if (waiting && waiting.ids.every((id) => titled.has(id))) waiting.done();
  });
  return {
    settled(conversationIds, boundMs) {
      return new Promise<TitlesSettled>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiting = null;
          const count = conversationIds.filter((id) => titled.has(id)).length;
          for (const id of conversationIds) {
            finished.delete(id);
            titled.delete(id);
          }
          resolve({ titled: count, missing: conversationIds.length - count });
        };
        const timer = setTimeout(done, boundMs);
        waiting = { ids: conversationIds, done };
        if (conversationIds.every((id) => titled.has(id))) done();
      });
    },
    stop: () => {
      unsubscribe();
      waiting?.done();
    },
  };
}
