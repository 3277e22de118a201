import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { timelineToHistory } from '../../agent/context/timeline-to-history';
import { branchTree } from './branch-tree';

const c = 'conv';
const user = (messageId: string, text: string): TacoEvent => ({ type: 'user-message', conversationId: c, messageId, text, at: 1 });
const run = (runId: string, answer: string): TacoEvent[] => [
  { type: 'run-start', conversationId: c, runId, model: 'm', goal: 'g', startedAt: 1 },
  { type: 'text-delta', conversationId: c, runId, text: answer },
  { type: 'run-finish', conversationId: c, runId, reason: 'complete', message: '', error: null, at: 2 },
];
const rewind = (fromMessageId: string, messageId?: string): TacoEvent => ({
  type: 'timeline-rewound',
  conversationId: c,
  fromMessageId,
  ...(messageId === undefined ? {} : { messageId }),
  at: 3,
});
const select = (messageId: string): TacoEvent => ({ type: 'branch-selected', conversationId: c, messageId, at: 4 });

/** What the chosen branch says, one line per message or answer. */
function shown(events: readonly TacoEvent[]): string[] {
  return branchTree(events)
    .chosenEvents()
    .flatMap((event) =>
      event.type === 'user-message' ? [`you: ${event.text}`] : event.type === 'text-delta' ? [`taco: ${event.text}`] : [],
    );
}

/**
 * m1 "hi" → answer; m2 "plan a trip" → answer; then m2 edited twice (m2b "plan a hike", m2c
 * "plan a swim"), each answered: three branches at the second message.
 */
const threeBranches: TacoEvent[] = [
  user('m1', 'hi'),
  ...run('r1', 'hello'),
  user('m2', 'plan a trip'),
  ...run('r2', 'trip plan'),
  rewind('m2'),
  user('m2b', 'plan a hike'),
  ...run('r3', 'hike plan'),
  rewind('m2b'),
  user('m2c', 'plan a swim'),
  ...run('r4', 'swim plan'),
];

describe('branchTree: a message with three branches', () => {
  it('shows the newest branch, and names the siblings oldest first', () => {
    const tree = branchTree(threeBranches);
    expect(shown(threeBranches)).toEqual(['you: hi', 'taco: hello', 'you: plan a swim', 'taco: swim plan']);
    expect(tree.siblings()).toEqual({ m2c: ['m2', 'm2b', 'm2c'] });
    expect(tree.chosenMessageIds()).toEqual(['m1', 'm2c']);
    expect(tree.chosenRunIds()).toEqual(new Set(['r1', 'r4']));
  });

  it('selecting the first or second branch shows it, and its siblings stay the same three', () => {
    const first = [...threeBranches, select('m2')];
    expect(shown(first)).toEqual(['you: hi', 'taco: hello', 'you: plan a trip', 'taco: trip plan']);
    expect(branchTree(first).siblings()).toEqual({ m2: ['m2', 'm2b', 'm2c'] });
    const second = [...first, select('m2b')];
    expect(shown(second)).toEqual(['you: hi', 'taco: hello', 'you: plan a hike', 'taco: hike plan']);
    expect(branchTree(second).chosenRunIds()).toEqual(new Set(['r1', 'r3']));
  });

  it('a message sent on a chosen branch continues that branch, and the rest follows when switching back', () => {
    const events = [...threeBranches, select('m2'), user('m3', 'by train'), ...run('r5', 'train times'), select('m2c'), select('m2')];
    expect(shown(events)).toEqual(['you: hi', 'taco: hello', 'you: plan a trip', 'taco: trip plan', 'you: by train', 'taco: train times']);
    const onSwim = [...events, select('m2c')];
    expect(shown(onSwim)).toEqual(['you: hi', 'taco: hello', 'you: plan a swim', 'taco: swim plan']);
  });

  it('after switching to a branch that continues, the next message follows that branch’s last message', () => {
    // m2 continues (m3, then m4); the user is on m2c, switches back to m2, and sends.
    const continuing = [
      ...threeBranches,
      select('m2'),
      user('m3', 'by train'),
      ...run('r5', 'train times'),
      user('m4', 'first class?'),
      ...run('r6', 'yes'),
      select('m2c'),
    ];
    const switched = [...continuing, select('m2')];
    expect(branchTree(switched).atChosenEnd()).toBe(true);
    const sent = [...switched, user('m5', 'and back?'), ...run('r7', 'return times')];
    const tree = branchTree(sent);
    expect(shown(sent)).toEqual([
      'you: hi',
      'taco: hello',
      'you: plan a trip',
      'taco: trip plan',
      'you: by train',
      'taco: train times',
      'you: first class?',
      'taco: yes',
      'you: and back?',
      'taco: return times',
    ]);
    expect(tree.chosenMessageIds()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // The new message is nobody's sibling: it continues, it does not branch.
    expect(tree.siblings()).toEqual({ m2: ['m2', 'm2b', 'm2c'] });
    expect(tree.chosenRunIds()).toEqual(new Set(['r1', 'r2', 'r5', 'r6', 'r7']));
    // The same when the switch names a message in the middle of the branch: the conversation goes on from its end.
    const fromMiddle = [...continuing, select('m3'), user('m5', 'and back?')];
    expect(branchTree(fromMiddle).chosenMessageIds()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // A command's output after the switch belongs to the branch's end too.
    const output: TacoEvent = { type: 'command-output', conversationId: c, command: 'help', output: 'commands', at: 5 };
    expect(branchTree([...switched, output]).chosenEvents()).toContain(output);
    expect(branchTree([...switched, output, select('m2c')]).chosenEvents()).not.toContain(output);
  });

  it('knows every message of every branch, and where the shown events sit in the timeline', () => {
    const events = [...threeBranches, select('m2b')];
    const tree = branchTree(events);
    expect(['m1', 'm2', 'm2b', 'm2c'].map((id) => tree.hasMessage(id))).toEqual([true, true, true, true]);
    expect(tree.hasMessage('nope')).toBe(false);
    expect(tree.chosenIndices().map((index) => events[index])).toEqual(tree.chosenEvents());
    // m1 and its run (0–3), m2b and its run (9–12); the rewinds, the other branches and the choice are left out.
    expect(tree.chosenIndices()).toEqual([0, 1, 2, 3, 9, 10, 11, 12]);
    expect(branchTree([]).chosenIndices()).toEqual([]);
  });

  it('is at the chosen end only when the next event surely continues the shown branch', () => {
    expect(branchTree(threeBranches).atChosenEnd()).toBe(true);
    expect(branchTree([...threeBranches, select('m2')]).atChosenEnd()).toBe(true);
    // A rewind waits for its message.
    expect(branchTree([...threeBranches, rewind('m2c', 'm2d')]).atChosenEnd()).toBe(false);
    expect(branchTree([...threeBranches, rewind('m2c', 'm2d'), user('m2d', 'plan a dive')]).atChosenEnd()).toBe(true);
    // A message that landed beside a branch not shown: the conversation is not at the shown branch's end.
    const offBranch = [...threeBranches, rewind('m1'), user('m1b', 'hey'), rewind('m2', 'm2x'), user('m2x', 'plan a climb')];
    expect(shown(offBranch)).toEqual(['you: hey']);
    expect(branchTree(offBranch).atChosenEnd()).toBe(false);
  });

  it('a rewind written before branches names no message: a command’s output between it and the message keeps the branch', () => {
    const output: TacoEvent = { type: 'command-output', conversationId: c, command: 'help', output: 'commands', at: 5 };
    const events = [...threeBranches, rewind('m2c'), output, user('m2d', 'plan a dive')];
    expect(branchTree(events).siblings()).toEqual({ m2d: ['m2', 'm2b', 'm2c', 'm2d'] });
    // Any other event means the rewind's message never came: the next message continues.
    const ran = [...threeBranches, rewind('m2c'), ...run('r9', 'late'), user('m3', 'next')];
    expect(branchTree(ran).chosenMessageIds()).toEqual(['m1', 'm2c', 'm3']);
  });

  it('editing a message of an older branch adds a fourth sibling there', () => {
    const events = [...threeBranches, select('m2'), rewind('m2'), user('m2d', 'plan a ride'), ...run('r6', 'ride plan')];
    expect(branchTree(events).siblings()).toEqual({ m2d: ['m2', 'm2b', 'm2c', 'm2d'] });
    expect(shown(events)).toEqual(['you: hi', 'taco: hello', 'you: plan a ride', 'taco: ride plan']);
  });

  it('regenerating the first message branches at the start; selecting a later message chooses its whole path', () => {
    const events = [...threeBranches, rewind('m1'), user('m1b', 'hi'), ...run('r7', 'hey there')];
    const tree = branchTree(events);
    expect(tree.siblings()).toEqual({ m1b: ['m1', 'm1b'] });
    expect(shown(events)).toEqual(['you: hi', 'taco: hey there']);
    const back = [...events, select('m2b')];
    expect(shown(back)).toEqual(['you: hi', 'taco: hello', 'you: plan a hike', 'taco: hike plan']);
    expect(branchTree(back).siblings()).toEqual({ m1: ['m1', 'm1b'], m2b: ['m2', 'm2b', 'm2c'] });
  });

  it('an edit continues from just before the message: eventsBefore', () => {
    const tree = branchTree(threeBranches);
    expect(timelineToHistory(tree.eventsBefore('m2c') ?? [])).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
    expect(tree.eventsBefore('m2')).toBeNull();
  });

  it('the model sees only the chosen branch', () => {
    expect(timelineToHistory([...threeBranches, select('m2b')])).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: 'plan a hike' },
      { role: 'assistant', content: 'hike plan' },
    ]);
  });

  it('a title change belongs to every branch; unknown ids change nothing', () => {
    const updated: TacoEvent = {
      type: 'conversation-updated',
      conversationId: c,
      summary: { conversationId: c, title: 'Trips', model: 'm', pinned: false, createdAt: 1, updatedAt: 2 },
    };
    const events = [...threeBranches, updated, select('nope'), rewind('nope'), select('m2')];
    expect(branchTree(events).chosenEvents()).toContain(updated);
    expect(shown(events)).toEqual(['you: hi', 'taco: hello', 'you: plan a trip', 'taco: trip plan']);
  });

  it('a rewind that names its message is a branch only when that message comes', () => {
    const events = [...threeBranches, rewind('m2c', 'm2d'), user('m2d', 'plan a dive')];
    expect(branchTree(events).siblings()).toEqual({ m2d: ['m2', 'm2b', 'm2c', 'm2d'] });
  });

  it('a rewind that no message followed (a crash between the two lines) leaves the conversation as it was', () => {
    const events = [...threeBranches, rewind('m2c', 'm2d')];
    expect(shown(events)).toEqual(shown(threeBranches));
    expect(branchTree(events).siblings()).toEqual(branchTree(threeBranches).siblings());
    // The next plain message continues the shown branch.
    const next = [...events, user('m3', 'and then?')];
    expect(shown(next).slice(-1)).toEqual(['you: and then?']);
    expect(branchTree(next).siblings()).toEqual({ m2c: ['m2', 'm2b', 'm2c'] });
  });
});
