import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { ArtifactFrame } from './ArtifactFrame';
import { ArtifactPreview } from './ArtifactPreview';

const CAPS = DEFAULTS.rendererArtifacts;

function frameWindow(): Window {
  const frame = screen.getByTestId('artifact-frame') as HTMLIFrameElement;
  if (!frame.contentWindow) throw new Error('no frame window');
  return frame.contentWindow;
}

/** A message as the window receives it, from `source`. */
function post(source: Window, data: unknown): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('ArtifactFrame', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is sandboxed to scripts only, and sends the document once its own frame says it is ready', () => {
    render(<ArtifactFrame kind="html" code="<p>hi</p>" title="Page" />);
    const frame = screen.getByTestId('artifact-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toMatch(/\/artifact-frame\.html$/);
    const sent = vi.spyOn(frameWindow(), 'postMessage');
    // A message from any other window (the artifact itself, one frame further in, or this window) is ignored.
    post(window, { type: 'ready' });
    expect(sent).not.toHaveBeenCalled();
    post(frameWindow(), { type: 'ready' });
    expect(sent).toHaveBeenCalledWith({ type: 'show', html: '<p>hi</p>' }, '*');
    post(frameWindow(), { type: 'shown' });
    expect(frame.dataset.state).toBe('running');
  });

  it('keeps a frame that answers its pings, and stops one that goes silent past the budget (removing the frame)', () => {
    render(<ArtifactFrame kind="svg" code="<svg/>" title="Logo" />);
    const inner = frameWindow();
    const sent = vi.spyOn(inner, 'postMessage');
    post(inner, { type: 'ready' });
    for (let beat = 0; beat < 10; beat += 1) {
      advance(CAPS.heartbeatMs);
      const ping = sent.mock.calls.at(-1)?.[0] as { type: string; seq: number };
      expect(ping.type).toBe('ping');
      post(inner, { type: 'pong', seq: ping.seq });
    }
    expect(screen.queryByTestId('artifact-stopped')).toBeNull();
    // A forged pong from elsewhere does not keep it alive.
    advance(CAPS.stallBudgetMs / 2);
    post(window, { type: 'pong', seq: 99 });
    advance(CAPS.stallBudgetMs / 2 + CAPS.heartbeatMs);
    expect(screen.getByTestId('artifact-stopped').textContent).toContain('Preview stopped: it ran too long');
    expect(screen.queryByTestId('artifact-frame')).toBeNull();
  });

  it('gives up on a frame whose page never starts, and runs again on request', () => {
    render(<ArtifactFrame kind="html" code="<p>x</p>" title="Page" />);
    advance(CAPS.frameStartMs + CAPS.heartbeatMs);
    expect(screen.getByTestId('artifact-stopped').textContent).toContain('did not start');
    act(() => screen.getByRole('button', { name: 'Run again' }).click());
    expect(screen.getByTestId('artifact-frame').dataset.state).toBe('loading');
  });
});

describe('ArtifactFrame focus', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(): { frame: HTMLIFrameElement; composer: HTMLTextAreaElement } {
    render(
      <>
        <textarea aria-label="composer" />
        <ArtifactFrame kind="html" code="<input autofocus>" title="Page" />
      </>,
    );
    const composer = screen.getByLabelText('composer') as HTMLTextAreaElement;
    act(() => composer.focus());
    return { frame: screen.getByTestId('artifact-frame') as HTMLIFrameElement, composer };
  }

  it('is inert until the user presses on it, then takes focus; focus elsewhere makes it inert again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { frame, composer } = setup();
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(composer);
    act(() => {
      frame.parentElement?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(frame.hasAttribute('inert')).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.activeElement).toBe(frame);
    act(() => composer.focus());
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(composer);
  });

  it('sends focus that reaches the frame without the user back to where it was', () => {
    const { frame, composer } = setup();
    // What a browser ignoring `inert` would do when the artifact calls focus() on its own input.
    act(() => {
      frame.removeAttribute('inert');
      frame.focus();
    });
    expect(document.activeElement).toBe(composer);
    act(() => {
      frame.focus();
      window.dispatchEvent(new FocusEvent('blur'));
    });
    expect(document.activeElement).toBe(composer);
  });

  it('keyboard users reach it through the button, not by Tab into the frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { frame } = setup();
    const button = screen.getByRole('button', { name: 'Click to interact' });
    act(() => button.click());
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(frame.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(frame);
    expect(screen.queryByRole('button', { name: 'Click to interact' })).toBeNull();
  });
});

describe('ArtifactPreview', () => {
  it('previews nothing over the size cap (a 50 MB SVG never reaches a frame)', () => {
    const huge = `<svg>${'<rect/>'.repeat(Math.ceil(CAPS.maxChars / 7) + 1)}</svg>`;
    render(<ArtifactPreview kind="svg" code={huge} title="Huge" />);
    expect(screen.getByTestId('artifact-too-large').textContent).toContain('Too large to preview');
    expect(screen.queryByTestId('artifact-frame')).toBeNull();
  });
});
