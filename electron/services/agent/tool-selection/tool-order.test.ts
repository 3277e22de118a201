import { describe, expect, it } from 'vitest';
import { stableToolOrder } from './tool-order';

describe('stableToolOrder', () => {
  it('keeps what was offered in its places, even when the new selection leaves it out or reorders it, and appends what joins', () => {
    expect(stableToolOrder(['b', 'a', 'c'], ['a', 'd', 'b', 'e'])).toEqual(['b', 'a', 'c', 'd', 'e']);
    expect(stableToolOrder([], ['x', 'y'])).toEqual(['x', 'y']);
    expect(stableToolOrder(['x'], ['x'])).toEqual(['x']);
  });
});
