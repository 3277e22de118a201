import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { applyEvent, applyEvents } from './apply-events';
import { emptyView, type ConversationView } from './conversation-view';

/** Many runs, a repeated user message, a slash command and a rewind in the middle. */
function longTimeline(runs: number): TacoEvent[] {
  const events: TacoEvent[] = [];
  for (let index = 0; index < runs; index += 1) {
    const e = eventsFor('c1', `r${index}`);
    const user = e.user(`question ${index}`, `m${index}`);
    events.push(user, e.start(`question ${index}`), e.text(`answer ${index}`), e.usage(), e.finish());
    if (index % 7 === 3) events.push(user);
    if (index % 11 === 5) events.push(e.command('/status', 'No tools are running.'));
  }
  events.push({ type: 'timeline-rewound', conversationId: 'c1', fromMessageId: `m${runs - 2}`, at: 5 });
  events.push(
    ...[
      eventsFor('c1', 'again').user('edited', 'm-edit'),
      eventsFor('c1', 'again').start('edited'),
      eventsFor('c1', 'again').text('new answer'),
    ],
  );
  return events;
}

/** The reference: one event at a time, every step a fresh immutable view. */
function oneByOne(view: ConversationView, events: readonly TacoEvent[]): ConversationView {
  return events.reduce((next, event) => applyEvent(next, event), view);
}

describe('applyEvents over a long timeline (items grow in place within one call)', () => {
  it('builds exactly the view that applying the events one by one builds', () => {
    const events = longTimeline(300);
    expect(applyEvents(emptyView('c1'), events)).toEqual(oneByOne(emptyView('c1'), events));
  });

  it('never changes the view it was given, nor one it returned before', () => {
    const first = applyEvents(emptyView('c1'), longTimeline(50));
    const snapshot = structuredClone(first);
    const itemsBefore = first.items;
    const e = eventsFor('c1', 'r-next');
    const second = applyEvents(first, [
      e.user('next', 'm-next'),
      e.start('next'),
      e.text('more'),
      eventsFor('c1', 'again').text(' and more'),
    ]);
    expect(first).toEqual(snapshot);
    expect(first.items).toBe(itemsBefore);
    expect(second.items).not.toBe(first.items);
    expect(second.items).toHaveLength(first.items.length + 2);
    // Unchanged messages keep their identity (rows re-render only when their message changed).
    expect(second.items[0]).toBe(first.items[0]);
  });

  it('still adds a repeated user message once, across calls as within one', () => {
    const e = eventsFor('c1', 'r1');
    const view = applyEvents(emptyView('c1'), [e.user('hi', 'm1'), e.user('hi', 'm1')]);
    const again = applyEvents(view, [e.user('hi', 'm1'), e.user('there', 'm2')]);
    expect(again.items.map((item) => item.id)).toEqual(['m1', 'm2']);
  });
});
