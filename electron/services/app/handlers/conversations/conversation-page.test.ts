import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import { callRequestSchemas } from '../../../../../shared/contract/contract';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ConversationSnapshot } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { conversationPage } from './conversation-page';

function snapshot(count: number): ConversationSnapshot {
  const events: TacoEvent[] = Array.from({ length: count }, (_, index) => ({
    type: 'user-message',
    conversationId: 'c1',
    messageId: `m${index}`,
    text: `message ${index}`,
    at: index,
  }));
  return {
    summary: { conversationId: 'c1', title: 'Long', model: 'llama3.2', createdAt: 1, updatedAt: 2, pinned: false },
    events,
    notices: [],
  };
}

const texts = (events: readonly TacoEvent[]) => events.map((event) => (event.type === 'user-message' ? event.text : event.type));

/** `turns` turns of six events each: a message, the run, a tool call and its result, text, the finish. */
function runs(turns: number, toolCallsPerRun = 1): TacoEvent[] {
  const events: TacoEvent[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const run = { conversationId: 'c1', runId: `r${turn}` };
    events.push({ type: 'user-message', conversationId: 'c1', messageId: `m${turn}`, text: `q${turn}`, at: turn });
    events.push({ ...run, type: 'run-start', model: 'llama3.2', goal: `q${turn}`, startedAt: turn });
    for (let call = 0; call < toolCallsPerRun; call += 1) {
      events.push({ ...run, type: 'text-delta', text: `step ${call}` });
    }
    events.push({ ...run, type: 'run-finish', reason: 'complete', message: 'Done.', error: null, at: turn });
  }
  return events;
}

describe('conversationPage', () => {
  it('starts a page where a turn starts, so a run is not split when it fits the reach', () => {
    const whole = { ...snapshot(0), events: runs(5, 2) }; // 25 events, turns start at 0, 5, 10, 15, 20
    const newest = conversationPage(whole, undefined, 7); // 18 is mid-turn: back to 15
    expect(newest.events[0]?.type).toBe('user-message');
    expect(newest.olderCursor).toBe('e15');
    const older = conversationPage(whole, 'e15', 7); // 8 is mid-turn: back to 5
    expect(older.olderCursor).toBe('e5');
    expect(older.events).toEqual(whole.events.slice(5, 15));
  });

  it('splits a run longer than the reach (the renderer rebuilds it when the older page comes)', () => {
    const whole = { ...snapshot(0), events: runs(1, 100) }; // one run of 103 events
    const newest = conversationPage(whole, undefined, 10);
    expect(newest.events).toHaveLength(10);
    expect(newest.olderCursor).toBe('e93');
  });

  it('answers the newest page first, then pages before the cursor until the start, covering every event once in order', () => {
    const whole = snapshot(25);
    const newest = conversationPage(whole, undefined, 10);
    expect(texts(newest.events)).toEqual(texts(whole.events.slice(15)));
    expect(newest.olderCursor).toBe('e15');
    const collected = [...newest.events];
    let cursor = newest.olderCursor;
    while (cursor !== null && cursor !== undefined) {
      const page = conversationPage(whole, cursor, 10);
      collected.unshift(...page.events);
      cursor = page.olderCursor;
    }
    expect(collected).toEqual(whole.events);
  });

  it('answers a short conversation whole, with no cursor, and pages by the default size', () => {
    expect(conversationPage(snapshot(5), undefined).olderCursor).toBeNull();
    const long = conversationPage(snapshot(DEFAULTS.conversationPageEvents + 1), undefined);
    expect(long.events).toHaveLength(DEFAULTS.conversationPageEvents);
    expect(long.olderCursor).toBe('e1');
  });

  it('rejects a cursor past the timeline with a clear error', () => {
    expect(() => conversationPage(snapshot(5), 'e9', 10)).toThrow(ContractError);
    expect(() => conversationPage(snapshot(5), 'e9', 10)).toThrow(/no longer exists/);
  });

  it('is reached only with a cursor of the shape main hands out (the contract checks it)', () => {
    const schema = callRequestSchemas['conversation.get'];
    expect(schema.safeParse({ conversationId: 'c1' }).success).toBe(true);
    expect(schema.safeParse({ conversationId: 'c1', page: {} }).success).toBe(true);
    expect(schema.safeParse({ conversationId: 'c1', page: { before: 'e120' } }).success).toBe(true);
    for (const before of ['120', 'e-1', 'e1.5', '', 'e12345678901', 'x1']) {
      expect(schema.safeParse({ conversationId: 'c1', page: { before } }).success, before).toBe(false);
    }
    expect(schema.safeParse({ conversationId: 'c1', page: { before: 'e1', limit: 5 } }).success).toBe(false);
  });
});
