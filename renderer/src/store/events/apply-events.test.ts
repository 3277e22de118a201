import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor, frame } from '../../../test/events';
import { applyEvents } from './apply-events';
import { emptyView, type AssistantTurn, type ConversationView } from './conversation-view';

const e = eventsFor('c1', 'r1');

function turnOf(view: ConversationView, runId = 'r1'): AssistantTurn {
  const turn = view.items.find((item): item is AssistantTurn => item.type === 'assistant' && item.runId === runId);
  if (!turn) throw new Error(`no turn for ${runId}`);
  return turn;
}

describe('applyEvents: messages and streaming', () => {
  it('adds user messages once, even when an event repeats', () => {
    const view = applyEvents(emptyView('c1'), [e.user('hi', 'm1'), e.user('hi', 'm1'), e.user('again', 'm2')]);
    expect(view.items.map((item) => item.type === 'user' && item.text)).toEqual(['hi', 'again']);
  });

  it('keeps a message’s attached resources as chips (name, server, size), never their text, and drops malformed ones', () => {
    const message: TacoEvent = {
      ...e.user('Summarise this', 'm1'),
      resources: [
        { server: 'everything', uri: 'demo://a', name: 'a.md', mimeType: 'text/markdown', text: 'x'.repeat(1500), truncated: true },
        { server: 'everything', uri: 'demo://b', name: '', mimeType: null, text: 'b', truncated: false },
        { server: 7, uri: 'demo://bad' } as never,
      ],
    } as TacoEvent;
    const [item] = applyEvents(emptyView('c1'), [message]).items;
    expect(item).toEqual({
      type: 'user',
      id: 'm1',
      text: 'Summarise this',
      at: expect.any(Number),
      resources: [
        { server: 'everything', uri: 'demo://a', name: 'a.md', chars: 1500, truncated: true },
        { server: 'everything', uri: 'demo://b', name: 'demo://b', chars: 1, truncated: false },
      ],
    });
  });

  it('starts a turn on run-start and marks the conversation running', () => {
    const view = applyEvents(emptyView('c1'), [e.user('hi'), e.start('hi', 'qwen3')]);
    expect(view.running).toBe(true);
    expect(view.activeRunId).toBe('r1');
    expect(turnOf(view)).toMatchObject({ model: 'qwen3', goal: 'hi', startedAt: 10, parts: [], finish: null });
  });

  it('joins text deltas into one part and keeps thinking separate, in order', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.thinking('Let me '),
      e.thinking('think.'),
      e.text('Hel'),
      e.text('lo'),
      e.text(''),
    ]);
    expect(turnOf(view).parts).toEqual([
      { type: 'thinking', id: 'r1:0', text: 'Let me think.' },
      { type: 'text', id: 'r1:1', text: 'Hello' },
    ]);
  });

  it('starts a new text part after a tool row', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.text('Looking.'), e.call('k1', 'read_file'), e.text('Found it.')]);
    expect(turnOf(view).parts.map((part) => part.type)).toEqual(['text', 'tool', 'text']);
  });

  it('shows the latest status of the running run and clears it at the finish', () => {
    let view = applyEvents(emptyView('c1'), [e.start(), e.status('Analyzing request...'), e.status('Reading the config file')]);
    expect(view.status).toBe('Reading the config file');
    view = applyEvents(view, [e.finish()]);
    expect(view.status).toBeNull();
    expect(view.running).toBe(false);
    expect(view.activeRunId).toBeNull();
  });

  it('keeps the last usage on the turn (tokens/s and truncation)', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.usage(10), e.usage(33.3, true)]);
    expect(turnOf(view).usage).toEqual({
      promptTokens: 100,
      completionTokens: 50,
      tokensPerSecond: 33.3,
      contextTokens: 4096,
      contextTruncated: true,
    });
  });

  it('adds command output as a system note', () => {
    const view = applyEvents(emptyView('c1'), [e.command('/help', 'Commands: …')]);
    expect(view.items).toEqual([{ type: 'system-note', id: 'note:0', command: '/help', output: 'Commands: …', at: 2 }]);
  });
});

describe('applyEvents: tools', () => {
  it('records a call, then its result with duration', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('k1', 'read_file', { path: 'a.txt' }),
      e.result('k1', 'read_file', 'contents', 12),
    ]);
    expect(turnOf(view).parts).toEqual([
      {
        type: 'tool',
        id: 'r1:0',
        callId: 'k1',
        tool: 'read_file',
        args: { path: 'a.txt' },
        frameId: null,
        at: 20,
        outcome: { type: 'result', result: 'contents', truncated: false, durationMs: 12 },
      },
    ]);
  });

  it('records a tool error on its row', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.call('k1', 'read_file'), e.error('k1', 'read_file', 'No such file', 3)]);
    expect(turnOf(view).parts[0]).toMatchObject({ type: 'tool', outcome: { type: 'error', error: 'No such file', durationMs: 3 } });
  });

  it('keeps sequential calls apart and in order', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('k1', 'list_directory'),
      e.result('k1', 'list_directory', 'a b'),
      e.call('k2', 'read_file'),
      e.result('k2', 'read_file', 'x'),
    ]);
    expect(turnOf(view).parts.map((part) => (part.type === 'tool' ? `${part.callId}:${part.outcome.type}` : part.type))).toEqual([
      'k1:result',
      'k2:result',
    ]);
  });

  it('shows a result whose call it never saw as a row of its own', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.result('k9', 'read_file', 'late')]);
    expect(turnOf(view).parts[0]).toMatchObject({
      type: 'tool',
      callId: 'k9',
      tool: 'read_file',
      outcome: { type: 'result', result: 'late' },
    });
  });
});

describe('applyEvents: approvals, questions, depth', () => {
  it('adds an approval card and records the decision', () => {
    let view = applyEvents(emptyView('c1'), [e.start(), e.call('k1', 'write_file'), e.approval('a1', 'k1'), e.approval('a1', 'k1')]);
    const cards = turnOf(view).parts.filter((part) => part.type === 'approval');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      approvalId: 'a1',
      tool: 'write_file',
      risk: 'write',
      preview: '+hello',
      resolution: null,
      args: { path: 'a.txt' },
    });
    view = applyEvents(view, [e.approvalResolved('a1', 'deny')]);
    expect(turnOf(view).parts.find((part) => part.type === 'approval')).toMatchObject({ resolution: 'deny' });
  });

  it('adds a question and its answer', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.question('q1', 'Which file?'), e.answered('q1', 'notes.md')]);
    expect(turnOf(view).parts).toEqual([
      { type: 'question', id: 'r1:0', questionId: 'q1', callId: 'call-q1', question: 'Which file?', answer: 'notes.md' },
    ]);
  });

  it('adds a depth prompt and resolves the open one', () => {
    const frames = [frame('f1', 'delegate_task')];
    let view = applyEvents(emptyView('c1'), [e.start(), e.depth(frames, 20, 20)]);
    expect(turnOf(view).parts[0]).toMatchObject({ type: 'depth', depth: 20, limit: 20, frames, decision: null });
    view = applyEvents(view, [e.depthResolved('continue', 40), e.depth(frames, 40, 40), e.depthResolved('cancel', 40)]);
    const prompts = turnOf(view).parts.filter((part) => part.type === 'depth');
    expect(prompts.map((part) => part.type === 'depth' && [part.decision, part.grantedLimit])).toEqual([
      ['continue', 40],
      ['cancel', 40],
    ]);
  });
});

describe('applyEvents: the end of a run', () => {
  it('a complete run adds no stop notice', () => {
    const view = applyEvents(emptyView('c1'), [e.start(), e.text('Hi'), e.finish('complete')]);
    expect(turnOf(view).finish).toEqual({ reason: 'complete', message: 'Done.', error: null, at: 99 });
    expect(turnOf(view).parts.some((part) => part.type === 'stop')).toBe(false);
  });

  it('every other reason adds a stop notice with main’s words and error', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.finish('provider_error', 'Stopped: the model server returned an error.', 'model "x" not found'),
    ]);
    expect(turnOf(view).parts).toEqual([
      {
        type: 'stop',
        id: 'r1:0',
        reason: 'provider_error',
        message: 'Stopped: the model server returned an error.',
        error: 'model "x" not found',
      },
    ]);
    expect(view.running).toBe(false);
  });

  it('a finish of an older run leaves the running one alone', () => {
    const older = eventsFor('c1', 'r0');
    const view = applyEvents(emptyView('c1'), [older.start(), e.start(), older.finish('cancelled', 'Stopped by you.')]);
    expect(view.running).toBe(true);
    expect(view.activeRunId).toBe('r1');
  });
});

describe('applyEvents: the tool stack', () => {
  it('tracks live frames, nests them, and keeps popped frames with how they ended', () => {
    const outer = frame('f1', 'create_code', { callId: 'k1' });
    const inner = frame('f2', 'save_file', { callId: 'k2', parentFrameId: 'f1', state: 'waiting-approval' });
    let view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('k1', 'create_code'),
      e.stack([outer]),
      e.call('k2', 'save_file'),
      e.stack([outer, inner], 20),
    ]);
    expect(view.stack.depthLimit).toBe(20);
    expect(view.stack.entries.map((entry) => [entry.frame.frameId, entry.active, entry.state])).toEqual([
      ['f1', true, 'running'],
      ['f2', true, 'waiting-approval'],
    ]);
    view = applyEvents(view, [e.result('k2', 'save_file', 'saved', 40), e.stack([outer])]);
    expect(view.stack.entries[1]).toMatchObject({ active: false, state: 'done', durationMs: 40 });
    view = applyEvents(view, [e.stack([]), e.error('k1', 'create_code', 'boom', 90)]);
    expect(view.stack.entries[0]).toMatchObject({ active: false, state: 'failed', durationMs: 90 });
  });

  it('marks frames cleared without an outcome as cleared, and drops ended frames when a new run starts', () => {
    const next = eventsFor('c1', 'r2');
    let view = applyEvents(emptyView('c1'), [
      e.start(),
      e.stack([frame('f1', 'ask_user', { state: 'waiting-user' })]),
      e.stack([frame('f9', 'x')]),
      e.finish(),
    ]);
    expect(view.stack.entries.map((entry) => [entry.frame.frameId, entry.state])).toEqual([
      ['f1', 'cleared'],
      ['f9', 'running'],
    ]);
    view = applyEvents(view, [next.start()]);
    expect(view.stack.entries.map((entry) => entry.frame.frameId)).toEqual(['f9']);
  });
});

describe('applyEvents: robustness', () => {
  it('ignores events of other conversations and malformed events', () => {
    const other = eventsFor('c2', 'r1');
    const junk = [null, 42, { type: 'text-delta' }, { type: 'mystery', conversationId: 'c1' }] as unknown as TacoEvent[];
    const view = applyEvents(emptyView('c1'), [other.user('elsewhere'), ...junk]);
    expect(view).toEqual(emptyView('c1'));
  });

  it('adopts the conversation of the first event when it had none', () => {
    const view = applyEvents(emptyView(null), [e.user('hi')]);
    expect(view.conversationId).toBe('c1');
  });

  it('picks up a run that started before the page connected', () => {
    const view = applyEvents(emptyView('c1'), [e.text('…middle of the answer')]);
    expect(view.running).toBe(true);
    expect(turnOf(view).parts).toEqual([{ type: 'text', id: 'r1:0', text: '…middle of the answer' }]);
  });

  it('does not mutate the view it is given', () => {
    const before = applyEvents(emptyView('c1'), [e.start(), e.text('a')]);
    const snapshot = structuredClone(before);
    applyEvents(before, [e.text('b'), e.call('k1', 't'), e.finish('timeout', 'Stopped')]);
    expect(before).toEqual(snapshot);
  });
});

describe('applyEvents: rebuild from storage', () => {
  const timeline: TacoEvent[] = [
    e.user('fix the config', 'm1'),
    e.start('fix the config'),
    e.thinking('Need to read it.'),
    e.status('Analyzing request...'),
    e.call('k1', 'read_file', { path: 'config.json' }, 'f1'),
    e.stack([frame('f1', 'read_file', { callId: 'k1' })]),
    e.result('k1', 'read_file', '{}'),
    e.stack([]),
    e.call('k2', 'write_file', { path: 'config.json' }, 'f2'),
    e.stack([frame('f2', 'write_file', { callId: 'k2', state: 'waiting-approval' })]),
    e.approval('a1', 'k2'),
    e.approvalResolved('a1', 'allow-once'),
    e.result('k2', 'write_file', 'written'),
    e.stack([]),
    e.question('q1', 'Anything else?'),
    e.answered('q1', 'no'),
    e.text('Fixed '),
    e.text('it.'),
    e.usage(21),
    e.finish('max_iterations', 'Stopped after 10 tool rounds. Continue with the task?'),
    e.command('/status', 'Stack is empty.'),
  ];

  it('gives the same view whether events came one by one, in batches, or all at once', () => {
    const oneByOne = timeline.reduce((view, event) => applyEvents(view, [event]), emptyView('c1'));
    let batched = emptyView('c1');
    for (let index = 0; index < timeline.length; index += 4) batched = applyEvents(batched, timeline.slice(index, index + 4));
    const rebuilt = applyEvents(emptyView('c1'), timeline);
    expect(batched).toEqual(oneByOne);
    expect(rebuilt).toEqual(oneByOne);
    expect(rebuilt.running).toBe(false);
    expect(turnOf(rebuilt).parts.map((part) => part.type)).toEqual(['thinking', 'tool', 'tool', 'approval', 'question', 'text', 'stop']);
  });

  it('a stored timeline whose deltas were coalesced rebuilds the view the live deltas built', () => {
    const live = applyEvents(emptyView('c1'), timeline);
    const stored = coalesceDeltas(timeline);
    expect(stored.length).toBeLessThan(timeline.length);
    expect(applyEvents(emptyView('c1'), stored)).toEqual(live);
  });
});

/** What storage may do: merge runs of deltas of the same kind into one event. */
function coalesceDeltas(events: TacoEvent[]): TacoEvent[] {
  const out: TacoEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (
      last &&
      (event.type === 'text-delta' || event.type === 'thinking-delta') &&
      last.type === event.type &&
      last.runId === event.runId
    ) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else {
      out.push(event);
    }
  }
  return out;
}

describe('applyEvents: a helper agent’s calls', () => {
  it('keeps which delegate call a helper’s call works for, and nothing for the run’s own calls', () => {
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('d1', 'delegate_task', { task: 'level 2' }, 'f1'),
      e.helperCall('h1', 'read_file', { path: 'a' }, 'f2', 'f1'),
    ]);
    const [own, helper] = turnOf(view).parts;
    expect(own).not.toHaveProperty('delegateFrameId');
    expect(helper).toMatchObject({ callId: 'h1', delegateFrameId: 'f1' });
  });
});
