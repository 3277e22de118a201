import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor, frame } from '../../../test/events';
import { summary } from '../../../test/fake-api';
import { applyEvents } from './apply-events';
import { emptyView } from './conversation-view';

const e = eventsFor('c1', 'r1');
const second = eventsFor('c1', 'r2');
const rewound = (fromMessageId: string): TacoEvent => ({ type: 'timeline-rewound', conversationId: 'c1', fromMessageId, at: 50 });

const twoExchanges: TacoEvent[] = [
  e.user('first question', 'm1'),
  e.start('first question'),
  e.text('First answer.'),
  e.finish(),
  second.user('second question', 'm2'),
  second.start('second question'),
  second.text('Second answer.'),
  second.finish(),
];

describe('applyEvents: timeline-rewound', () => {
  it('withdraws the message it names and everything after it', () => {
    const view = applyEvents(emptyView('c1'), [...twoExchanges, rewound('m2')]);
    expect(view.items.map((item) => item.id)).toEqual(['m1', 'run:r1']);
  });

  it('an edit re-runs from the edited message: the new text and answer take the old ones’ place', () => {
    const third = eventsFor('c1', 'r3');
    const view = applyEvents(emptyView('c1'), [
      ...twoExchanges,
      rewound('m1'),
      third.user('better question', 'm1'),
      third.start(),
      third.text('Better answer.'),
    ]);
    expect(view.items.map((item) => (item.type === 'user' ? item.text : item.id))).toEqual(['better question', 'run:r3']);
    expect(view.running).toBe(true);
    expect(view.activeRunId).toBe('r3');
  });

  it('a rewind over the running run ends it in the view', () => {
    const view = applyEvents(emptyView('c1'), [e.user('q', 'm1'), e.start(), e.status('Reading'), e.text('partial'), rewound('m1')]);
    expect(view.items).toEqual([]);
    expect(view).toMatchObject({ running: false, activeRunId: null, status: null });
  });

  it('a rewind after the running run leaves it running', () => {
    const view = applyEvents(emptyView('c1'), [e.user('q', 'm1'), e.start(), e.text('partial'), second.user('later', 'm2'), rewound('m2')]);
    expect(view.running).toBe(true);
    expect(view.activeRunId).toBe('r1');
  });

  it('drops stack history of withdrawn turns and keeps live frames', () => {
    const live = frame('f2', 'ask_user', { state: 'waiting-user' });
    const view = applyEvents(emptyView('c1'), [
      e.user('q', 'm1'),
      e.start(),
      e.stack([frame('f1', 'read_file')]),
      e.stack([live]),
      rewound('m1'),
    ]);
    expect(view.stack.entries.map((entry) => entry.frame.frameId)).toEqual(['f2']);
  });

  it('an unknown message id changes nothing', () => {
    const before = applyEvents(emptyView('c1'), twoExchanges);
    expect(applyEvents(before, [rewound('nope')])).toBe(before);
  });

  it('gives the same view live and rebuilt from a stored timeline that holds the rewind', () => {
    const timeline = [...twoExchanges, rewound('m2'), eventsFor('c1', 'r3').user('again', 'm3')];
    const live = timeline.reduce((view, event) => applyEvents(view, [event]), emptyView('c1'));
    expect(applyEvents(emptyView('c1'), timeline)).toEqual(live);
  });
});

describe('applyEvents: conversation-updated and interrupted', () => {
  it('a summary update leaves the view as it was', () => {
    const before = applyEvents(emptyView('c1'), twoExchanges);
    const updated: TacoEvent = { type: 'conversation-updated', conversationId: 'c1', summary: summary('c1', { title: 'Renamed' }) };
    expect(applyEvents(before, [updated])).toBe(before);
  });

  it('an interrupted run keeps its partial answer, shows why, and no longer runs', () => {
    const view = applyEvents(emptyView('c1'), [
      e.user('write a story', 'm1'),
      e.start(),
      e.text('Once upon '),
      e.text('a time'),
      e.finish('interrupted', 'Interrupted: TACO closed before this answer finished.'),
    ]);
    const turn = view.items[1];
    expect(turn?.type === 'assistant' && turn.parts).toEqual([
      { type: 'text', id: 'r1:0', text: 'Once upon a time' },
      { type: 'stop', id: 'r1:1', reason: 'interrupted', message: 'Interrupted: TACO closed before this answer finished.', error: null },
    ]);
    expect(view).toMatchObject({ running: false, activeRunId: null, status: null });
  });

  it('frames that were live when the app stopped show as cleared, not running', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('k1', 'read_file', {}, 'f1'),
      e.stack([frame('f1', 'read_file', { callId: 'k1' })], 20),
      e.finish('interrupted', 'Interrupted'),
    ]);
    expect(view.stack).toEqual({ entries: [expect.objectContaining({ active: false, state: 'cleared' })], depthLimit: 20 });
  });

  it('other stops keep the stack for Continue', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.stack([frame('f1', 'create_code')]), e.finish('max_iterations', 'Stopped')]);
    expect(view.stack.entries[0]).toMatchObject({ active: true, state: 'running' });
  });
});
