import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor, frame } from '../../../test/events';
import { applyEvents } from './apply-events';
import { emptyView } from './conversation-view';
import { openedTimeline, timelineView, withLiveEvents, withOlderPage } from './paged-timeline';

/** Three turns: plain text, a tool call and its result (with the stack), a failed tool and an approval. */
function storedTimeline(): TacoEvent[] {
  const one = eventsFor('c1', 'r1');
  const two = eventsFor('c1', 'r2');
  const three = eventsFor('c1', 'r3');
  return [
    one.user('hello', 'm1'),
    one.start('hello'),
    one.text('Hi there.'),
    one.usage(),
    one.finish(),
    two.user('read the notes', 'm2'),
    two.start('read the notes'),
    two.offered(['read_file', 'list_dir'], 12),
    two.text('Reading.'),
    two.stack([frame('f1', 'read_file')]),
    two.call('call-1', 'read_file', { path: 'notes.md' }, 'f1'),
    two.result('call-1', 'read_file', 'the notes'),
    two.stack([]),
    two.text('The notes say hello.'),
    two.usage(),
    two.finish(),
    three.user('write it', 'm3'),
    three.start('write it'),
    three.call('call-2', 'list_dir', { path: 'missing' }),
    three.error('call-2', 'list_dir', 'no such folder'),
    three.call('call-3', 'write_file', { path: 'out.md' }),
    three.approval('a1', 'call-3'),
    three.approvalResolved('a1', 'allow-once'),
    three.result('call-3', 'write_file', 'written'),
    three.text('Done.'),
    three.finish(),
  ];
}

describe('paged timeline: the same view opened whole or in pages', () => {
  const events = storedTimeline();
  const whole = applyEvents(emptyView('c1'), events);

  it('gives the whole view for every page boundary, also one inside a run (a tool call and its result, a run-start and its run-finish)', () => {
    for (let split = 0; split <= events.length; split += 1) {
      const opened = openedTimeline(events.slice(split), split > 0 ? `e${split}` : null);
      // The newest page alone draws without throwing, whatever it starts with.
      expect(() => timelineView('c1', opened)).not.toThrow();
      const joined = withOlderPage(opened, events.slice(0, split), null);
      expect(timelineView('c1', joined), `split at ${split}`).toEqual(whole);
    }
  });

  it('gives the whole view from three pages with boundaries between a call and its result and between a run-start and its run-finish', () => {
    const callAt = events.findIndex((event) => event.type === 'tool-call' && event.callId === 'call-1');
    const startAt = events.findIndex((event) => event.type === 'run-start' && event.runId === 'r3');
    let timeline = openedTimeline(events.slice(startAt + 1), `e${startAt + 1}`);
    timeline = withOlderPage(timeline, events.slice(callAt + 1, startAt + 1), `e${callAt + 1}`);
    timeline = withOlderPage(timeline, events.slice(0, callAt + 1), null);
    const view = timelineView('c1', timeline);
    expect(view).toEqual(whole);
    const turn = view.items.find((item) => item.type === 'assistant' && item.runId === 'r2');
    expect(
      turn?.type === 'assistant' &&
        turn.parts.some((part) => part.type === 'tool' && part.callId === 'call-1' && part.outcome.type === 'result'),
    ).toBe(true);
    expect(view.running).toBe(false);
  });

  it('keeps the live tail when an older page goes in front', () => {
    const split = 16; // the newest page: the third turn
    const live = eventsFor('c1', 'r4');
    const tail = [live.user('and now?', 'm4'), live.start('and now?'), live.text('Streaming')];
    let timeline = openedTimeline(events.slice(split), `e${split}`);
    timeline = withLiveEvents(timeline, tail);
    timeline = withOlderPage(timeline, events.slice(0, split), null);
    const view = timelineView('c1', timeline);
    expect(view).toEqual(applyEvents(emptyView('c1'), [...events, ...tail]));
    expect(view.running).toBe(true);
    expect(view.activeRunId).toBe('r4');
    expect(view.items.filter((item) => item.type === 'user').map((item) => item.type === 'user' && item.text)).toEqual([
      'hello',
      'read the notes',
      'write it',
      'and now?',
    ]);
    expect(timeline.olderCursor).toBeNull();
  });
});
