/**
 * Electron's WebFrameMain, as electron/electron (main at 45.0.0-nightly.20260821) implements it in
 * shell/browser/api/electron_api_web_frame_main.cc:
 * - the JS object is looked up in maps that hold only *weak* handles ("weak handles that clear on
 *   collection"), so whether two lookups of the same frame give the same object depends on the
 *   garbage collector. The fake takes the worst case Electron allows: a NEW wrapper object on every
 *   lookup (`webContents.mainFrame`, `event.senderFrame`), so nothing may compare frames by
 *   identity. Electron's own spec compares `frameToken`s (spec/api-ipc-spec.ts, "senderFrame").
 * - a cross-document navigation or a reload swaps the RenderFrameHost: UpdateRenderFrameHost()
 *   gives the frame a new frame token (the frame tree node id stays).
 * - the main frame's `parent` is null (spec/api-ipc-spec.ts: `ev.senderFrame.parent` is null).
 * - a disposed frame: `detached` true, `isDestroyed()` true, and its getters throw "Render frame
 *   was disposed before WebFrameMain could be accessed" (CheckRenderFrame()).
 */
import { randomUUID } from 'node:crypto';

let nextFrameTreeNodeId = 1;
let nextRoutingId = 1;

/** What Electron keeps on the C++ side for one frame tree node. */
export class FrameState {
  readonly frameTreeNodeId = nextFrameTreeNodeId++;
  routingId = nextRoutingId++;
  frameToken = randomUUID();
  url = '';
  disposed = false;
  constructor(
    readonly processId: number,
    readonly parent: FrameState | null = null,
  ) {}

  /** A cross-document navigation or reload: a new RenderFrameHost, so a new token and routing id. */
  swap(url: string): void {
    this.frameToken = randomUUID();
    this.routingId = nextRoutingId++;
    this.url = url;
  }
}

export interface FakeWebFrameMain {
  readonly url: string;
  readonly frameToken: string;
  readonly processId: number;
  readonly routingId: number;
  readonly frameTreeNodeId: number;
  readonly parent: FakeWebFrameMain | null;
  readonly detached: boolean;
  isDestroyed(): boolean;
}

const DISPOSED = 'Render frame was disposed before WebFrameMain could be accessed';

/** A fresh wrapper over the frame, every time (see the header). */
export function wrapFrame(state: FrameState): FakeWebFrameMain {
  const alive = <T>(read: () => T): T => {
    if (state.disposed) throw new Error(DISPOSED);
    return read();
  };
  return {
    get url() {
      return alive(() => state.url);
    },
    get frameToken() {
      return state.frameToken;
    },
    get processId() {
      return state.processId;
    },
    get routingId() {
      return state.routingId;
    },
    get frameTreeNodeId() {
      return state.frameTreeNodeId;
    },
    get parent() {
      return alive(() => (state.parent ? wrapFrame(state.parent) : null));
    },
    get detached() {
      return state.disposed;
    },
    isDestroyed: () => state.disposed,
  };
}
