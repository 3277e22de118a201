/** A sanitised SVG as a data: URL for the <img> of a diagram's view frame (its policy allows data: images only). Apart from sanitize-svg.ts so DOMPurify stays in the lazy chunk. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
