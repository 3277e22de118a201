import { describe, expect, it } from 'vitest';
import { parseFrameReply } from './diagram-frame';

describe('parseFrameReply: only replies of the right shape come out of the diagram frame', () => {
  it('takes a drawing with its svg and numeric size', () => {
    expect(parseFrameReply({ type: 'drawn', id: 3, svg: '<svg/>', width: 640, height: 320, extra: 'dropped' })).toEqual({
      type: 'drawn',
      id: 3,
      svg: '<svg/>',
      width: 640,
      height: 320,
    });
  });

  it.each([
    ['no size', { type: 'drawn', id: 3, svg: '<svg/>' }],
    ['a size as text', { type: 'drawn', id: 3, svg: '<svg/>', width: '640', height: '320' }],
    ['an svg that is not text', { type: 'drawn', id: 3, svg: { toString: (): string => '<svg/>' }, width: 1, height: 1 }],
    ['no id', { type: 'drawn', svg: '<svg/>', width: 1, height: 1 }],
    ['an unknown type', { type: 'navigate', id: 3 }],
    ['not an object', '<svg/>'],
  ])('drops a reply with %s', (_name, data) => {
    expect(parseFrameReply(data)).toBeNull();
  });

  it('bounds a failure message', () => {
    expect(parseFrameReply({ type: 'failed', id: 1, message: 'x'.repeat(10_000) })).toMatchObject({ message: 'x'.repeat(500) });
  });
});
