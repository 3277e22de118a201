import { useState } from 'react';
import { DIAGRAM_NAME } from './diagram-view';

/** A drawing as shown: its view frame's document and its natural size. */
export interface ViewedDrawing {
  view: string;
  width: number;
  height: number;
}

/**
 * A drawing's view frame: `<iframe sandbox="">` (no script, no origin, no popups or navigation)
 * with the drawing's document (diagram-view.ts) as its srcdoc, sized from the drawing's natural
 * size so nothing moves when it paints. A new drawing of the same diagram (a light/dark switch)
 * loads in a frame of its own behind the one shown, and replaces it once loaded: the sandboxed
 * frames share a process with the diagram frame, which may be laying the next diagram out, so a
 * frame navigated in place could stay blank for as long as that layout takes.
 */
export function DiagramView({ drawing }: { drawing: ViewedDrawing }) {
  const [loaded, setLoaded] = useState<ViewedDrawing | null>(null);
  const frames = loaded && loaded.view !== drawing.view ? [loaded, drawing] : [drawing];
  return (
    <>
      {frames.map((frame, index) => {
        const pending = index > 0;
        return (
          <iframe
            key={frame.view}
            className={pending ? 'md-diagram-view md-diagram-view-pending' : 'md-diagram-view'}
            sandbox=""
            srcDoc={frame.view}
            title={DIAGRAM_NAME}
            aria-hidden={pending ? true : undefined}
            tabIndex={pending ? -1 : undefined}
            scrolling="no"
            referrerPolicy="no-referrer"
            style={{ width: `${frame.width}px`, aspectRatio: `${frame.width} / ${frame.height}` }}
            onLoad={() => setLoaded(frame)}
          />
        );
      })}
    </>
  );
}
