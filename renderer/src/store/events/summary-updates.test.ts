import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { summary } from '../../../test/fake-api';
import { applySummaryEvents, upsertSummary } from './summary-updates';

const updated = (conversationId: string, title: string): TacoEvent => ({
  type: 'conversation-updated',
  conversationId,
  summary: summary(conversationId, { title }),
});

describe('summary updates', () => {
  it('replaces the summary with the same id in place, or adds a new one', () => {
    const list = [summary('a'), summary('b')];
    expect(upsertSummary(list, summary('b', { pinned: true })).map((entry) => [entry.conversationId, entry.pinned])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(upsertSummary(list, summary('c')).map((entry) => entry.conversationId)).toEqual(['a', 'b', 'c']);
  });

  it('applies every conversation-updated of a batch in order, the last one winning', () => {
    const list = [summary('a')];
    const next = applySummaryEvents(list, [
      updated('a', 'One'),
      { type: 'user-message', conversationId: 'a', messageId: 'm', text: 'x', at: 1 },
      updated('a', 'Two'),
      updated('b', 'New'),
    ]);
    expect(next.map((entry) => [entry.conversationId, entry.title])).toEqual([
      ['a', 'Two'],
      ['b', 'New'],
    ]);
  });

  it('returns the same list when the batch changes no summary, and ignores malformed updates', () => {
    const list = [summary('a')];
    const junk = [
      null,
      { type: 'conversation-updated', conversationId: 'a' },
      { type: 'conversation-updated', conversationId: 'a', summary: summary('other') },
    ] as unknown as TacoEvent[];
    expect(applySummaryEvents(list, junk)).toBe(list);
  });
});
