import { describe, expect, it } from 'vitest';
import { createPullProgressTracker } from './pull-progress';

describe('pull progress', () => {
  it('sums the layers so the bar covers the whole download', () => {
    const track = createPullProgressTracker();
    expect(track({ status: 'pulling manifest' })).toEqual({ status: 'pulling manifest', completedBytes: null, totalBytes: null });
    expect(track({ status: 'pulling aaa', digest: 'sha256:a', total: 1000, completed: 500 })).toEqual({
      status: 'pulling aaa',
      completedBytes: 500,
      totalBytes: 1000,
    });
    expect(track({ status: 'pulling bbb', digest: 'sha256:b', total: 100 })).toEqual({
      status: 'pulling bbb',
      completedBytes: 500,
      totalBytes: 1100,
    });
    expect(track({ status: 'pulling aaa', digest: 'sha256:a', total: 1000, completed: 1000 })).toEqual({
      status: 'pulling aaa',
      completedBytes: 1000,
      totalBytes: 1100,
    });
    expect(track({ status: 'verifying sha256 digest' })).toEqual({
      status: 'verifying sha256 digest',
      completedBytes: 1000,
      totalBytes: 1100,
    });
  });

  it('ignores nonsense numbers and keeps the last status when a line has none', () => {
    const track = createPullProgressTracker();
    expect(track({ digest: 'sha256:a', total: -5, completed: 'x' })).toEqual({
      status: 'starting',
      completedBytes: null,
      totalBytes: null,
    });
    expect(track(null)).toEqual({ status: 'starting', completedBytes: null, totalBytes: null });
    expect(track({ status: 'pulling a', digest: 'sha256:a', total: 10, completed: 50 })).toEqual({
      status: 'pulling a',
      completedBytes: 10,
      totalBytes: 10,
    });
  });
});
