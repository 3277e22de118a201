import { describe, expect, it } from 'vitest';
import { createDeltaBuffer, type DeltaKind } from './delta-buffer';

function setup() {
  const sent: Array<{ type: DeltaKind; text: string }> = [];
  const turns: Array<() => void> = [];
  let cancelled = 0;
  const buffer = createDeltaBuffer({
    emit: (event) => sent.push(event),
    schedule: (callback) => {
      turns.push(callback);
      return () => {
        cancelled += 1;
      };
    },
  });
  const turn = () => {
    for (const callback of turns.splice(0)) callback();
  };
  return { buffer, sent, turn, scheduled: () => turns.length, cancelled: () => cancelled };
}

describe('delta buffer', () => {
  it('sends the deltas of one turn of the event loop as one event, text intact and in order', () => {
    const { buffer, sent, turn, scheduled } = setup();
    for (const piece of ['Hel', 'lo', ' there', '!']) buffer.push('text-delta', piece);
    expect(sent).toEqual([]);
    expect(scheduled()).toBe(1);
    turn();
    expect(sent).toEqual([{ type: 'text-delta', text: 'Hello there!' }]);
    buffer.push('text-delta', ' More.');
    turn();
    expect(sent).toEqual([
      { type: 'text-delta', text: 'Hello there!' },
      { type: 'text-delta', text: ' More.' },
    ]);
  });

  it('keeps thinking and text apart, in the order they came', () => {
    const { buffer, sent, turn } = setup();
    buffer.push('thinking-delta', 'Hm');
    buffer.push('thinking-delta', 'm.');
    buffer.push('text-delta', 'Answer');
    buffer.push('thinking-delta', 'Wait.');
    turn();
    expect(sent).toEqual([
      { type: 'thinking-delta', text: 'Hmm.' },
      { type: 'text-delta', text: 'Answer' },
      { type: 'thinking-delta', text: 'Wait.' },
    ]);
  });

  it('flush sends what is queued at once (before another event); dispose also cancels the pending turn', () => {
    const { buffer, sent, turn, cancelled } = setup();
    buffer.push('text-delta', 'a');
    buffer.flush();
    expect(sent).toEqual([{ type: 'text-delta', text: 'a' }]);
    buffer.push('text-delta', '');
    buffer.dispose();
    expect(cancelled()).toBe(1);
    turn();
    expect(sent).toEqual([{ type: 'text-delta', text: 'a' }]);
  });
});
