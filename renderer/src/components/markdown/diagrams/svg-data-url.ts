/** A sanitised SVG as a data: URL for an <img> (the renderer's CSP allows data: images). Apart from sanitize-svg.ts so DOMPurify stays in the lazy chunk. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
