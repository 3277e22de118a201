import { describe, expect, it } from 'vitest';
import { callKey, canonicalJson } from './canonical-args';

describe('canonical arguments', () => {
  it('sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(callKey('t', { b: 1, a: 2 })).toBe(callKey('t', { a: 2, b: 1 }));
    expect(callKey('t', { a: 1 })).not.toBe(callKey('u', { a: 1 }));
  });
});
