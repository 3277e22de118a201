import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../../../shared/constants';
import { DIAGRAM_FRAME_SCRIPT } from '../../../../../../shared/rendering/diagram-frame';

// What the build gives: the frame's script where its page loads it.
vi.mock('./diagram-frame-main.ts?worker&url', () => ({ default: `/${DIAGRAM_FRAME_SCRIPT}` }));

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320"><text>ok</text></svg>';

/** The layout frame the host opened, and the draw requests posted to it. */
function openedFrame(): { frame: HTMLIFrameElement; requests: Array<{ id: number }> } {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.diagram-frame');
  if (!frame?.contentWindow) throw new Error('no diagram frame');
  const requests: Array<{ id: number }> = [];
  vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation((message: unknown) => requests.push(message as { id: number }));
  return { frame, requests };
}

function post(data: unknown, source: MessageEventSource | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, source }));
}

/** A fresh host (its frame and queue are module state) with its frame started and asked to draw. */
async function drawing(): Promise<{ result: Promise<unknown>; frame: HTMLIFrameElement; id: number }> {
  const { drawInFrame } = await import('./diagram-frame-host');
  const result = drawInFrame('flowchart TD\n  A --> B', 'light').then(
    (drawn) => ({ drawn }),
    (error: unknown) => ({ error: (error as Error).message }),
  );
  const { frame, requests } = openedFrame();
  post({ type: 'ready' }, frame.contentWindow);
  const id = requests[0]?.id;
  if (id === undefined) throw new Error('nothing was asked of the frame');
  return { result, frame, id };
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('drawInFrame: what comes back from the diagram frame is checked', () => {
  it('resolves with the sanitised SVG and the size the frame measured', async () => {
    const { result, frame, id } = await drawing();
    post({ type: 'drawn', id, svg: SVG, width: 639.4, height: 320 }, frame.contentWindow);
    expect(await result).toEqual({ drawn: { svg: SVG, width: 640, height: 320 } });
  });

  it('ignores a reply from any window but its frame (a forged source), then takes the real one', async () => {
    const { result, frame, id } = await drawing();
    const other = document.body.appendChild(document.createElement('iframe'));
    post({ type: 'drawn', id, svg: '<svg><text>forged</text></svg>', width: 10, height: 10 }, other.contentWindow);
    post({ type: 'drawn', id, svg: '<svg><text>forged</text></svg>', width: 10, height: 10 }, window);
    post({ type: 'drawn', id, svg: SVG, width: 640, height: 320 }, frame.contentWindow);
    expect(await result).toEqual({ drawn: { svg: SVG, width: 640, height: 320 } });
  });

  it.each([
    ['a negative width', -5, 320],
    ['a zero height', 640, 0],
    ['a side over the cap', DEFAULTS.rendererDiagrams.maxSidePx + 1, 320],
    ['an endless height', 640, Number.POSITIVE_INFINITY],
    ['no number at all', Number.NaN, 320],
  ])('fails a drawing with %s, saying why', async (_name, width, height) => {
    const { result, frame, id } = await drawing();
    post({ type: 'drawn', id, svg: SVG, width, height }, frame.contentWindow);
    expect(await result).toEqual({ error: 'its drawing has no size within the caps' });
  });

  it('fails a drawing over the SVG cap, or one that is not an SVG', async () => {
    const big = await drawing();
    post(
      { type: 'drawn', id: big.id, svg: `<svg>${'x'.repeat(DEFAULTS.rendererDiagrams.maxSvgChars)}</svg>`, width: 1, height: 1 },
      big.frame.contentWindow,
    );
    expect(await big.result).toEqual({ error: 'its drawing is too large' });
    vi.resetModules();
    document.body.replaceChildren();
    const html = await drawing();
    post({ type: 'drawn', id: html.id, svg: '<img src=x onerror=alert(1)>', width: 1, height: 1 }, html.frame.contentWindow);
    expect(await html.result).toEqual({ error: 'its drawing is too large' });
  });

  it('ignores replies of the wrong shape (no size, a string size) and fails the drawing at its deadline, tearing the frame down', async () => {
    vi.useFakeTimers();
    const { result, frame, id } = await drawing();
    post({ type: 'drawn', id, svg: SVG }, frame.contentWindow);
    post({ type: 'drawn', id, svg: SVG, width: '640', height: '320' }, frame.contentWindow);
    post({ type: 'drawn', id: id + 1, svg: SVG, width: 640, height: 320 }, frame.contentWindow);
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererDiagrams.frameDeadlineMs);
    expect(await result).toEqual({ error: `it took longer than ${DEFAULTS.rendererDiagrams.frameDeadlineMs / 1000} s to lay out` });
    expect(document.querySelector('iframe.diagram-frame')).toBeNull();
  });
});
