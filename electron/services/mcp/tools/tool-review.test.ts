import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createToolReviews, type ReviewHolder } from './tool-review';
import type { ToolPins } from './tool-pinning';

const tools: Tool[] = [{ name: 'echo', inputSchema: { type: 'object' } }];
const SERVER = { name: 's', location: 'here' };

/** Pins whose review answers only when the test says so. */
function heldPins(answer: Map<string, string[]>): { pins: ToolPins; release(): void } {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const pins: ToolPins = {
    review: async () => {
      await gate;
      return answer;
    },
    accept: async () => undefined,
    forget: async () => undefined,
    reset: async () => undefined,
  };
  return { pins, release: () => release() };
}

describe('tool reviews', () => {
  it('a listed server is "starting" and every tool unreviewed until the pins answer; then ready with their answer', async () => {
    const { pins, release } = heldPins(new Map([['echo', ['description']]]));
    const reviews = createToolReviews(pins, () => undefined);
    const holder: ReviewHolder = { reviewed: null };
    let rebuilt = 0;
    const first = reviews.unreviewed(
      SERVER,
      holder,
      tools,
      () => true,
      () => (rebuilt += 1),
    );
    expect(first.get('echo')).toEqual(['not checked yet']);
    const state = { status: 'ready', tools } as never;
    expect(reviews.gate(holder, state)).toMatchObject({ status: 'starting' });

    const idle = reviews.idle();
    release();
    await idle;
    expect(rebuilt).toBe(1);
    expect(reviews.gate(holder, state)).toMatchObject({ status: 'ready' });
    expect(
      reviews
        .unreviewed(
          SERVER,
          holder,
          tools,
          () => true,
          () => (rebuilt += 1),
        )
        .get('echo'),
    ).toEqual(['description']);
    expect(rebuilt).toBe(1);
  });

  it('an answer for a list that is no longer current is dropped', async () => {
    const { pins, release } = heldPins(new Map());
    const reviews = createToolReviews(pins, () => undefined);
    const holder: ReviewHolder = { reviewed: null };
    let rebuilt = 0;
    reviews.unreviewed(
      SERVER,
      holder,
      tools,
      () => false,
      () => (rebuilt += 1),
    );
    release();
    await reviews.idle();
    expect(holder.reviewed).toBeNull();
    expect(rebuilt).toBe(0);
  });
});
