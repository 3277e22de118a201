import type { TacoEvent } from '../../../../shared/contract/events';
import { applyEvents } from './apply-events';
import { emptyView, type ConversationView } from './conversation-view';

/**
 * The part of a conversation's timeline the renderer holds: the pages main gave (newest first,
 * older ones prepended as the user scrolls up) and the live events since, oldest first.
 */
export interface PagedTimeline {
  events: readonly TacoEvent[];
  /** Asks main for the page before `events`; null when `events` reach the conversation's start. */
  olderCursor: string | null;
}

export function openedTimeline(events: readonly TacoEvent[], olderCursor: string | null): PagedTimeline {
  return { events, olderCursor };
}

/** Live events go after everything held. */
export function withLiveEvents(timeline: PagedTimeline, events: readonly TacoEvent[]): PagedTimeline {
  return { ...timeline, events: [...timeline.events, ...events] };
}

/** An older page goes before everything held; `olderCursor` is the one its answer carried. */
export function withOlderPage(timeline: PagedTimeline, older: readonly TacoEvent[], olderCursor: string | null): PagedTimeline {
  return { events: [...older, ...timeline.events], olderCursor };
}

/**
 * The view of what is held, rebuilt from the first held event. A page boundary may fall inside a
 * run (between a tool call and its result, a run-start and its run-finish): replaying the joined
 * events through the same reducer gives exactly the view of the conversation opened whole.
 */
export function timelineView(conversationId: string, timeline: PagedTimeline): ConversationView {
  return applyEvents(emptyView(conversationId), timeline.events);
}
