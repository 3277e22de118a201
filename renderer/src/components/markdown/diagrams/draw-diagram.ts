import { DEFAULTS } from '../../../../../shared/constants';
import { BoundedCache } from '../bounded-cache';
import { checkMermaidSource } from './mermaid-source-check';
import { diagramViewDocument } from './diagram-view';
import type { ResolvedTheme } from './use-resolved-theme';

export type Drawing =
  /**
   * The drawing's natural size and the document its view frame shows (diagram-view.ts: the
   * sanitised SVG as a data: image), built once per drawing and held while it is cached.
   */
  | { type: 'drawn'; width: number; height: number; view: string }
  /** Never laid out: an outside reference, or over a cap. */
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

const CAPS = DEFAULTS.rendererDiagrams;

/** Finished drawings per theme and source; pending ones are shared by every diagram that asks. */
const finished = new BoundedCache<string, Drawing>(CAPS.cacheEntries);
const pending = new Map<string, Promise<Drawing>>();

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
    const { svg, width, height } = await drawInFrame(source, theme);
    if (svg.length > CAPS.maxSvgChars) return { type: 'refused', message: 'The diagram was not drawn: its drawing is too large.' };
    return { type: 'drawn', width, height, view: diagramViewDocument(svg, theme) };
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
