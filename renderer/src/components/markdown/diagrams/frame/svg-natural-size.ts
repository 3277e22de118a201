import type { DrawingSize } from '../../../../../../shared/rendering/diagram-frame';

/**
 * A sanitised drawing's natural size: its root's viewBox, which mermaid sets to what it laid out
 * (its `max-width` is the same width). Read in the diagram frame, where parsing the SVG costs the
 * window nothing; null when there is no usable viewBox.
 */
export function svgNaturalSize(svg: string): DrawingSize | null {
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length !== 4) return null;
  const [, , width = 0, height = 0] = box;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return null;
  return { width: Math.ceil(width), height: Math.ceil(height) };
}
