import { useEffect, useState, type ReactNode } from 'react';
import { DiagramView } from './DiagramView';
import { cachedDrawing, drawDiagram, type Drawing } from './draw-diagram';
import { useResolvedTheme } from './use-resolved-theme';

type State = { type: 'drawing' } | Drawing;

/**
 * A ```mermaid fence of a finished answer drawn as a diagram, in the window's theme (drawn again
 * when it changes). The source is checked first (no outside reference, within the node and edge
 * caps), the drawing is made off this page (draw-diagram.ts), sanitised and shown in a view frame
 * of its own (DiagramView.tsx: `sandbox=""`, no script, nothing loaded, laid out outside this
 * window's process), sized from the drawing's natural size so nothing moves when it paints.
 * Until it is drawn, or when it is refused or fails, the code block shows (`fallback`) with the reason.
 */
export function MermaidDiagram({ source, fallback }: { source: string; fallback: ReactNode }) {
  const theme = useResolvedTheme();
  const [state, setState] = useState<{ source: string; drawing: State }>(() => ({
    source,
    drawing: cachedDrawing(source, theme) ?? { type: 'drawing' },
  }));
  // After a theme switch the old drawing stays until the new one is ready (no flash of code).
  const shown: State = cachedDrawing(source, theme) ?? (state.source === source ? state.drawing : { type: 'drawing' });
  useEffect(() => {
    let current = true;
    void drawDiagram(source, theme).then((drawing) => current && setState({ source, drawing }));
    return () => {
      current = false;
    };
  }, [source, theme]);
  if (shown.type !== 'drawn')
    return (
      <div className="md-diagram-fallback" data-testid="mermaid-fallback" data-state={shown.type}>
        {fallback}
        {shown.type !== 'drawing' && <p className="muted small">{shown.message}</p>}
      </div>
    );
  return (
    <figure className="md-diagram" data-testid="mermaid-diagram" data-theme={theme}>
      <DiagramView drawing={shown} />
    </figure>
  );
}
