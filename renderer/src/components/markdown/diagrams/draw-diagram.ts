import { DEFAULTS } from '../../../../../shared/constants';
import { BoundedCache } from '../bounded-cache';
import { checkMermaidSource } from './mermaid-source-check';
import { svgDataUrl } from './svg-data-url';
import type { ResolvedTheme } from './use-resolved-theme';

export type Drawing =
  | { type: 'drawn'; url: string }
  /** Never laid out: an outside reference, or over a cap. */
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

const CAPS = DEFAULTS.rendererDiagrams;

/** Finished drawings per theme and source; pending ones are shared by every diagram that asks. */
const finished = new BoundedCache<string, Drawing>(CAPS.cacheEntries);
const pending = new Map<string, Promise<Drawing>>();

/**
 * Each drawing's image, parsed before it is shown and held while its drawing is cached. The window
 * parses, styles and lays out an SVG image's document on its main thread (a diagram at the caps is
 * ~1,200 elements, 30-50 ms); here that is done in a task of its own as each drawing arrives, not in
 * the render that mounts the diagrams' row (a row of two diagrams was one 56 ms task), and an image
 * of the same address that is held is not parsed again when a scroll brings the row back.
 */
const parsedImages = new BoundedCache<string, HTMLImageElement>(CAPS.cacheEntries);

async function parseAhead(url: string): Promise<void> {
  if (typeof Image !== 'function') return;
  // After the task that received the drawing (its message, the address built), not inside it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const image = new Image();
  image.src = url;
  parsedImages.set(url, image);
  // A drawing that cannot be decoded shows as it would have anyway (the <img> says so).
  if (typeof image.decode === 'function') await image.decode().catch(() => undefined);
}

function keyOf(source: string, theme: ResolvedTheme): string {
  return `${theme}\u0000${source}`;
}

/** A drawing already made for this source in this theme (shown at once, nothing laid out again). */
export function cachedDrawing(source: string, theme: ResolvedTheme): Drawing | undefined {
  return finished.get(keyOf(source, theme));
}

async function draw(source: string, theme: ResolvedTheme): Promise<Drawing> {
  const check = checkMermaidSource(source);
  if (check.type === 'refused') return { type: 'refused', message: `The diagram was not drawn: ${check.reason}.` };
  try {
    const { drawInFrame } = await import('./frame/diagram-frame-host');
    const svg = await drawInFrame(source, theme);
    if (svg.length > CAPS.maxSvgChars) return { type: 'refused', message: 'The diagram was not drawn: its drawing is too large.' };
    const url = svgDataUrl(svg);
    await parseAhead(url);
    return { type: 'drawn', url };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'failed', message: `The diagram could not be drawn: ${message.split('\n')[0] ?? ''}` };
  }
}

/** The drawing of a mermaid source in a theme: checked before layout, drawn once, then cached. */
export function drawDiagram(source: string, theme: ResolvedTheme): Promise<Drawing> {
  const key = keyOf(source, theme);
  const done = finished.get(key);
  if (done) return Promise.resolve(done);
  const running = pending.get(key);
  if (running) return running;
  const drawing = draw(source, theme).then((result) => {
    pending.delete(key);
    finished.set(key, result);
    return result;
  });
  pending.set(key, drawing);
  return drawing;
}
