import { describe, expect, it } from 'vitest';
import type { ModelEvent, PullProgressEvent } from '../../../../shared/contract/events';
import { applyPullEvents, pullPercent } from './pull-state';

const event = (overrides: Partial<PullProgressEvent>): PullProgressEvent => ({
  type: 'pull-progress',
  pullId: 'p1',
  model: 'm',
  status: 's',
  completedBytes: null,
  totalBytes: null,
  done: false,
  error: null,
  ...overrides,
});

describe('pull state', () => {
  it('adds, updates and finishes pulls; a finished pull never restarts', () => {
    let pulls = applyPullEvents([], [event({ status: 'pulling manifest' }), event({ pullId: 'p2', model: 'x' })]);
    expect(pulls.map((pull) => [pull.pullId, pull.phase])).toEqual([
      ['p1', 'running'],
      ['p2', 'running'],
    ]);
    pulls = applyPullEvents(pulls, [
      event({ status: 'success', done: true }),
      event({ pullId: 'p2', done: true, error: 'no space', status: 'failed' }),
    ]);
    expect(pulls.map((pull) => pull.phase)).toEqual(['done', 'failed']);
    expect(applyPullEvents(pulls, [event({ status: 'pulling again' })])[0]?.status).toBe('success');
    expect(applyPullEvents([], [event({ status: 'cancelled', done: true })])[0]?.phase).toBe('cancelled');
    expect(applyPullEvents([], [null as unknown as ModelEvent, { type: 'other' } as unknown as ModelEvent])).toEqual([]);
  });

  it('gives a percent only when the size is known', () => {
    expect(pullPercent({ completedBytes: null, totalBytes: null })).toBeNull();
    expect(pullPercent({ completedBytes: 1, totalBytes: 3 })).toBe(33);
    expect(pullPercent({ completedBytes: 5, totalBytes: 3 })).toBe(100);
    expect(pullPercent({ completedBytes: 0, totalBytes: 0 })).toBeNull();
  });
});
