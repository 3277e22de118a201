import { act, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../Markdown';
import type { BlockRequest } from '../worker/block-protocol';
import { createFrameBudget, type FrameBudget } from './frame-budget';

/** The window's budget, swapped per test: one-shot (no limit) or a small one with frames run by hand. */
const control = vi.hoisted(() => ({ budget: null as FrameBudget | null }));
vi.mock('./shared-frame-budget', () => ({
  frameBudget: {
    tryNow: (cost: number) => control.budget?.tryNow(cost) ?? true,
    wait: (cost: number, onTurn: () => void) => control.budget?.wait(cost, onTurn) ?? (() => undefined),
  } satisfies FrameBudget,
}));

/** A stand-in for the browser's Worker running the real pipeline; counts what it is sent. */
const sent: BlockRequest[] = [];
class PipelineWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  postMessage(request: BlockRequest): void {
    sent.push(request);
    void import('../worker/block-pipeline').then(({ renderBlockTree }) => {
      this.onmessage?.({ data: { type: 'tree', id: request.id, tree: renderBlockTree(request) } });
    });
  }
  terminate(): void {}
}

beforeAll(() => {
  vi.stubGlobal('Worker', PipelineWorker);
});

const ANSWER = Array.from({ length: 12 }, (_, index) => `Step ${index}: $$x_{${index}} = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$`).join(
  '\n\n',
);
const SLOW = { timeout: 60_000 };
const pendingIn = (container: HTMLElement) => container.querySelectorAll('[data-state="pending"]').length;

describe('typeset blocks put on the page a frame’s worth at a time', () => {
  it('makes the same page as putting them all at once, over several frames, from the cache when shown again', async () => {
    control.budget = createFrameBudget({ perFrame: Number.POSITIVE_INFINITY, requestFrame: () => undefined });
    const once = render(<Markdown text={ANSWER} streaming={false} />);
    await waitFor(() => expect(once.container.querySelectorAll('.katex')).toHaveLength(12), SLOW);
    expect(pendingIn(once.container)).toBe(0);
    const oneShot = once.container.innerHTML;
    once.unmount();
    const asked = sent.length;

    const frames: (() => void)[] = [];
    control.budget = createFrameBudget({ perFrame: 200, requestFrame: (callback) => frames.push(callback) });
    const { container } = render(<Markdown text={ANSWER} streaming={false} />);
    // Shown again: every block's tree is known (nothing sent to the worker), but only a frame's worth is on the page.
    expect(sent.length).toBe(asked);
    const first = container.querySelectorAll('.katex').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(12);
    expect(pendingIn(container)).toBe(12 - first);
    let frameCount = 0;
    while (pendingIn(container) > 0 && frameCount < 100) {
      act(() => frames.splice(0).forEach((callback) => callback()));
      frameCount += 1;
    }
    expect(frameCount).toBeGreaterThan(1);
    expect(container.innerHTML).toBe(oneShot);
  });
});
