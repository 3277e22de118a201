import { DEFAULTS } from '../../../../../../shared/constants';
import {
  DIAGRAM_FRAME_PAGE,
  DIAGRAM_FRAME_SCRIPT,
  parseFrameReply,
  type DiagramTheme,
  type DrawingSize,
  type FrameReply,
} from '../../../../../../shared/rendering/diagram-frame';
// Vite builds the frame's script as one classic script (a sandboxed page cannot load our module
// scripts: they are fetched with CORS); the frame's page loads it from DIAGRAM_FRAME_SCRIPT.
import frameScript from './diagram-frame-main.ts?worker&url';

/** The build put the frame's script where its page loads it (else every diagram shows as code, saying why). */
const FRAME_BUILT = frameScript.endsWith(DIAGRAM_FRAME_SCRIPT);

const CAPS = DEFAULTS.rendererDiagrams;

/** What the frame drew: the sanitised SVG and its natural size, both checked here. */
export interface FrameDrawing extends DrawingSize {
  svg: string;
}

/** A side the window may size a view by: a whole-ish positive number of pixels within the cap. */
function isSide(value: number): boolean {
  return Number.isFinite(value) && value >= 1 && value <= CAPS.maxSidePx;
}

interface Job {
  id: number;
  source: string;
  theme: DiagramTheme;
  resolve: (drawing: FrameDrawing) => void;
  reject: (error: Error) => void;
}

let frame: HTMLIFrameElement | null = null;
let ready = false;
let current: Job | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let nextId = 0;
const queue: Job[] = [];

function startTimer(ms: number, reason: string): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => tearDown(reason), ms);
}

/** Removes the frame (its process stops with it) and fails the drawing it had; the next one gets a new frame. */
function tearDown(reason: string): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  frame?.remove();
  frame = null;
  ready = false;
  const failed = current;
  current = null;
  if (failed) failed.reject(new Error(reason));
  else for (const job of queue.splice(0)) job.reject(new Error(reason));
  if (queue.length > 0) openFrame();
}

function openFrame(): void {
  if (frame) return;
  const created = document.createElement('iframe');
  // allow-scripts without allow-same-origin: an opaque origin, no access to this page, its storage or window.taco.
  created.setAttribute('sandbox', 'allow-scripts');
  created.setAttribute('aria-hidden', 'true');
  created.tabIndex = -1;
  created.title = 'Diagram layout';
  created.className = 'diagram-frame';
  created.referrerPolicy = 'no-referrer';
  created.src = new URL(DIAGRAM_FRAME_PAGE, document.baseURI).href;
  frame = created;
  document.body.append(created);
  startTimer(CAPS.frameStartMs, 'the diagram frame did not start');
}

function pump(): void {
  if (current || !ready || !frame?.contentWindow) return;
  const job = queue.shift();
  if (!job) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    return;
  }
  current = job;
  frame.contentWindow.postMessage({ type: 'draw', id: job.id, source: job.source, theme: job.theme }, '*');
  startTimer(CAPS.frameDeadlineMs, `it took longer than ${CAPS.frameDeadlineMs / 1000} s to lay out`);
}

function settle(reply: Exclude<FrameReply, { type: 'ready' }>): void {
  const job = current;
  if (!job || reply.id !== job.id) return;
  current = null;
  if (reply.type === 'failed') job.reject(new Error(reply.message));
  else if (!reply.svg.startsWith('<svg') || reply.svg.length > CAPS.maxSvgChars) job.reject(new Error('its drawing is too large'));
  else if (!isSide(reply.width) || !isSide(reply.height)) job.reject(new Error('its drawing has no size within the caps'));
  else job.resolve({ svg: reply.svg, width: Math.ceil(reply.width), height: Math.ceil(reply.height) });
  pump();
}

function onMessage(event: MessageEvent): void {
  // Only our frame's window, only replies of the right shape: the frame runs mermaid on model text.
  if (!frame || event.source !== frame.contentWindow) return;
  const reply = parseFrameReply(event.data);
  if (!reply) return;
  if (reply.type === 'ready') {
    ready = true;
    pump();
    return;
  }
  settle(reply);
}

let listening = false;

/**
 * Lays a mermaid source out in the diagram frame (a sandboxed page in another process: this
 * window's main thread never runs mermaid) and resolves with its sanitised SVG and size. One drawing at a
 * time; one that takes longer than `frameDeadlineMs` tears the frame down and fails.
 */
export function drawInFrame(source: string, theme: DiagramTheme): Promise<FrameDrawing> {
  if (!listening) {
    window.addEventListener('message', onMessage);
    listening = true;
  }
  if (!FRAME_BUILT) return Promise.reject(new Error(`the diagram frame's script is not at ${DIAGRAM_FRAME_SCRIPT} (${frameScript})`));
  return new Promise((resolve, reject) => {
    nextId += 1;
    queue.push({ id: nextId, source, theme, resolve, reject });
    openFrame();
    pump();
  });
}
