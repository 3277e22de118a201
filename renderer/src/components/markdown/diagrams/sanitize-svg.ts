import DOMPurify from 'dompurify';

/**
 * A diagram's SVG made inert before it is shown: DOMPurify's SVG profile (no script, no event
 * handlers, no javascript: or external references), and no foreignObject (HTML inside SVG). The
 * result is then shown as an <img> inside a script-less sandboxed view frame (diagram-view.ts), where
 * an SVG can neither run script nor load anything: more than one wall, because the diagram's text
 * comes from the model.
 */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'a', 'image', 'use', 'animate', 'set', 'animateTransform', 'animateMotion'],
    FORBID_ATTR: ['href', 'xlink:href', 'src', 'action', 'formaction'],
  });
}
