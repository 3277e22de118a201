/**
 * The sandboxed page that lays mermaid diagrams out off the window's main thread
 * (`renderer/public/diagram-frame.html`, its script built from
 * `renderer/src/components/markdown/diagrams/frame/diagram-frame-main.ts`), and the messages it
 * exchanges with the window. Paths are from the renderer's root; both hosts serve these two files
 * with the frame's own policy (`diagramFramePolicy`).
 */
export const DIAGRAM_FRAME_PAGE = 'diagram-frame.html';
export const DIAGRAM_FRAME_SCRIPT = 'diagram-frame/diagram-frame-main.js';

/** Whether a request path (as the hosts see it, with a leading slash) is one of the frame's two files. */
export function isDiagramFrameFile(pathname: string): boolean {
  return pathname === `/${DIAGRAM_FRAME_PAGE}` || pathname === `/${DIAGRAM_FRAME_SCRIPT}`;
}

export type DiagramTheme = 'light' | 'dark';

export interface FrameRequest {
  type: 'draw';
  id: number;
  source: string;
  theme: DiagramTheme;
}

/** A drawing's natural size (px, from its viewBox), measured in the frame: the window sizes the diagram's view by it. */
export interface DrawingSize {
  width: number;
  height: number;
}

export type FrameReply =
  { type: 'ready' } | ({ type: 'drawn'; id: number; svg: string } & DrawingSize) | { type: 'failed'; id: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What the frame posted, if it is a reply of the right shape (the frame runs mermaid on model text: never trusted). */
export function parseFrameReply(data: unknown): FrameReply | null {
  if (!isRecord(data)) return null;
  if (data.type === 'ready') return { type: 'ready' };
  if (typeof data.id !== 'number') return null;
  if (data.type === 'drawn' && typeof data.svg === 'string' && typeof data.width === 'number' && typeof data.height === 'number')
    return { type: 'drawn', id: data.id, svg: data.svg, width: data.width, height: data.height };
  if (data.type === 'failed' && typeof data.message === 'string')
    return { type: 'failed', id: data.id, message: data.message.slice(0, 500) };
  return null;
}

export function parseFrameRequest(data: unknown): FrameRequest | null {
  if (!isRecord(data) || data.type !== 'draw' || typeof data.id !== 'number' || typeof data.source !== 'string') return null;
  if (data.theme !== 'light' && data.theme !== 'dark') return null;
  return { type: 'draw', id: data.id, source: data.source, theme: data.theme };
}
