import { act, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { Markdown } from './Markdown';
import type { BlockRequest } from './worker/block-protocol';

/** A stand-in for the browser's Worker: it runs the real worker pipeline, and records what it was sent. */
const sent: BlockRequest[] = [];
class PipelineWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  postMessage(request: BlockRequest): void {
    sent.push(request);
    void import('./worker/block-pipeline').then(({ renderBlockTree }) => {
      this.onmessage?.({ data: { type: 'tree', id: request.id, tree: renderBlockTree(request) } });
    });
  }
  terminate(): void {}
}

beforeAll(() => {
  vi.stubGlobal('Worker', PipelineWorker);
});

const LONG_LIST = Array.from({ length: 120 }, (_, index) => `- item **${index}** of the list`).join('\n');
const SLOW = { timeout: 60_000 };

describe('finished blocks in the markdown worker', () => {
  it('sends a block with maths and a long block to the worker; short plain blocks stay in the window', async () => {
    expect(LONG_LIST.length).toBeGreaterThanOrEqual(DEFAULTS.rendererMarkdown.workerMinChars);
    const { container } = render(<Markdown text={`Short *one*.\n\nEnergy: $$E = mc^2$$\n\n${LONG_LIST}`} streaming={false} />);
    // The short block is there at once; the others show their text until the worker answers.
    expect(container.querySelector('em')?.textContent).toBe('one');
    const waiting = container.querySelectorAll('[data-testid="markdown-block-text"][data-state="pending"]');
    expect(waiting).toHaveLength(2);
    // A long block waits as the start of its text only (laying out all of a huge block as text cost a frame on its own).
    expect(LONG_LIST.length).toBeGreaterThan(DEFAULTS.rendererMarkdown.pendingPreviewChars);
    expect(waiting[1]?.textContent).toBe(`${LONG_LIST.slice(0, DEFAULTS.rendererMarkdown.pendingPreviewChars)}…`);
    await waitFor(() => expect(container.querySelectorAll('[data-state="pending"]')).toHaveLength(0), SLOW);
    expect(sent.map((request) => [request.text.trim().slice(0, 12), request.math])).toEqual([
      ['Energy: $$E ', true],
      ['- item **0**', false],
    ]);
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelectorAll('li strong')).toHaveLength(120);
  });

  it('a block that just finished streaming keeps its streamed look until the worker answers, never flashing to text', async () => {
    const text = `${LONG_LIST}\n- and one more`;
    const { container, rerender } = render(<Markdown text={text} streaming />);
    expect(container.querySelectorAll('li')).toHaveLength(121);
    act(() => rerender(<Markdown text={text} streaming={false} />));
    expect(container.querySelector('[data-testid="markdown-block-text"]')).toBeNull();
    expect(container.querySelectorAll('li')).toHaveLength(121);
    await waitFor(() => expect(sent.some((request) => request.text === text)).toBe(true), SLOW);
    expect(container.querySelectorAll('li')).toHaveLength(121);
  });
});
