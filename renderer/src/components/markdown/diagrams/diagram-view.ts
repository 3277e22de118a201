import { svgDataUrl } from './svg-data-url';
import type { ResolvedTheme } from './use-resolved-theme';

/**
 * The view frame's own policy. A srcdoc document inherits the window's policy; this one is enforced
 * on top of it, so the view may load nothing but its drawing's data: image (no script, no style, no
 * network), whatever the window's policy allows.
 */
export const DIAGRAM_VIEW_POLICY = "default-src 'none'; img-src data:; base-uri 'none'; form-action 'none'";

/** The accessible name of a drawn diagram (its view frame's title and its image's alt). */
export const DIAGRAM_NAME = 'Diagram (mermaid)';

/**
 * The document a diagram is shown in: the srcdoc of a view frame with `sandbox=""` (no script at
 * all, no origin of its own), which Chromium lays out in the process it keeps for sandboxed frames.
 * The window never parses the drawing: a diagram at the caps (~1,200 elements) cost its main
 * thread 30-60 ms to parse, style and lay out as an `<img>`. Inside, the sanitised SVG is still an
 * image (an SVG image runs nothing and loads nothing), not markup in the document: three walls, and
 * no markup of the model's in any document. Margins come from attributes, the colour scheme from
 * the window's theme (a frame of another scheme would get an opaque white backdrop).
 */
export function diagramViewDocument(svg: string, theme: ResolvedTheme): string {
  // encodeURIComponent leaves no `"`, `&`, `<` or `>`: the address cannot leave its attribute.
  const url = svgDataUrl(svg);
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${DIAGRAM_VIEW_POLICY}">` +
    `<meta name="color-scheme" content="${theme}"><title>${DIAGRAM_NAME}</title></head>` +
    `<body marginwidth="0" marginheight="0"><img width="100%" align="top" alt="${DIAGRAM_NAME}" src="${url}"></body></html>`
  );
}
