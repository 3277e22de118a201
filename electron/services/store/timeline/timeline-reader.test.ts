import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { parseTimeline, summarizeTimeline } from './timeline-reader';
import { serializeRecord } from './timeline-records';

const header = serializeRecord({
  type: 'header',
  format: 'taco-timeline',
  version: 1,
  conversationId: 'c',
  createdAt: 10,
  title: 'T',
  model: 'm',
});
const event = (at: number, text: string): string =>
  serializeRecord({ type: 'event', at, event: { type: 'user-message', conversationId: 'c', messageId: text, text, at } as TacoEvent });

describe('timeline reader', () => {
  it('reads header, events and renames; activity time comes from events only', () => {
    const meta = serializeRecord({ type: 'meta', at: 99, patch: { title: 'Renamed', pinned: true } });
    const parsed = parseTimeline([header, event(20, 'a'), event(30, 'b'), meta, ''].join('\n'));
    expect(parsed.notices).toEqual([]);
    expect(parsed.events).toHaveLength(2);
    expect(summarizeTimeline('c', parsed, { now: 0 })).toEqual({
      conversationId: 'c',
      title: 'Renamed',
      model: 'm',
      createdAt: 10,
      updatedAt: 30,
      pinned: true,
    });
  });

  it('skips unreadable middle lines and names them', () => {
    const parsed = parseTimeline(
      [
        header,
        event(20, 'a'),
        '{oops',
        '{"type":"event","at":1,"event":{"type":"no-such-event","conversationId":"c"}}',
        event(30, 'b'),
        '',
      ].join('\n'),
    );
    expect(parsed.events).toHaveLength(2);
    expect(parsed.notices).toEqual(['2 lines of this conversation could not be read and were skipped (line 3, 4).']);
  });

  it('treats content without one readable record as unreadable', () => {
    expect(parseTimeline('garbage\nmore garbage').unreadable).toBe(true);
    expect(parseTimeline('').unreadable).toBe(false);
  });

  it('says so when the header is missing or from a newer version', () => {
    const noHeader = parseTimeline(`${event(20, 'a')}\n`);
    expect(noHeader.notices[0]).toMatch(/header\) was missing/);
    expect(summarizeTimeline('c', noHeader, { now: 0 })).toMatchObject({ title: 'New conversation', createdAt: 20 });
    const newer = parseTimeline(`${header.replace('"version":1', '"version":7')}\n`);
    expect(newer.notices[0]).toMatch(/newer version of TACO \(format 7\)/);
  });
});
