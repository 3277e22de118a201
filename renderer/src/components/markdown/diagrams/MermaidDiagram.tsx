import { useEffect, useState, type ReactNode } from 'react';
import { svgDataUrl } from './svg-data-url';

type State = { type: 'drawing' } | { type: 'drawn'; url: string } | { type: 'failed'; message: string };

function currentTheme(): 'light' | 'dark' {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * A ```mermaid fence of a finished answer drawn as a diagram: mermaid loads on first use, the SVG
 * is sanitised and shown as an image (no script, no links, nothing loaded). Until it is drawn, or
 * when the source does not parse, the code block shows (`fallback`) with the reason.
 */
export function MermaidDiagram({ source, fallback }: { source: string; fallback: ReactNode }) {
  const [state, setState] = useState<State>({ type: 'drawing' });
  useEffect(() => {
    let current = true;
    import('./mermaid-render')
      .then(({ renderMermaid }) => renderMermaid(source, currentTheme()))
      .then(
        (svg) => current && setState({ type: 'drawn', url: svgDataUrl(svg) }),
        (error: unknown) => current && setState({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [source]);
  if (state.type !== 'drawn')
    return (
      <div className="md-diagram-fallback" data-testid="mermaid-fallback" data-state={state.type}>
        {fallback}
        {state.type === 'failed' && <p className="muted small">The diagram could not be drawn: {state.message.split('\n')[0]}</p>}
      </div>
    );
  return (
    <figure className="md-diagram" data-testid="mermaid-diagram">
      <img className="md-diagram-image" src={state.url} alt="Diagram (mermaid)" />
    </figure>
  );
}
