import { vi } from 'vitest';
import { FakeEmitter, preventableEvent } from './fake-emitter';
import { FrameState, wrapFrame, type FakeWebFrameMain } from './fake-web-frame';

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;
type PageListener = (event: unknown, ...args: unknown[]) => void;

/**
 * ipcMain's invoke handlers, as lib/browser/ipc-main-impl.ts keeps them: one per channel (a
 * second `handle` throws), removable.
 */
export class FakeIpcMain extends FakeEmitter {
  readonly _invokeHandlers = new Map<string, InvokeHandler>();
  /** The same map, under the name the tests read. */
  get handlers(): Map<string, InvokeHandler> {
    return this._invokeHandlers;
  }
  handle(channel: string, handler: InvokeHandler): void {
    if (this._invokeHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof handler !== 'function') throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    this._invokeHandlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this._invokeHandlers.delete(channel);
  }
}

let nextWebContentsId = 1;
let nextProcessId = 100;

/** What the page's `ipcRenderer.invoke` gets back from main (lib/browser/ipc-dispatch.ts). */
export type InvokeReply = { result: unknown; error?: undefined } | { error: string; result?: undefined };

/**
 * A webContents with its main frame (and any subframes the test adds), its page-side listeners
 * and Electron's IPC and navigation semantics, each from the file named beside it.
 */
export class FakeWebContents extends FakeEmitter {
  readonly id = nextWebContentsId++;
  readonly processId = nextProcessId++;
  readonly frame = new FrameState(this.processId);
  private destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  /** What the page listens to with ipcRenderer.on, by channel. */
  readonly pageListeners = new Map<string, Set<PageListener>>();

  constructor(private readonly ipcMain: FakeIpcMain = new FakeIpcMain()) {
    super();
  }

  /** shell/browser/api/electron_api_web_contents.cc WebContents::MainFrame(): the primary main frame, a fresh wrapper (fake-web-frame.ts). */
  get mainFrame(): FakeWebFrameMain {
    return wrapFrame(this.frame);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    this.destroyed = true;
    this.frame.disposed = true;
    this.emit('destroyed');
  }

  /** The renderer preference WebRTC reads; 'default' until set. */
  webRtcIpHandlingPolicy = 'default';

  /**
   * shell/browser/api/electron_api_web_contents.cc SetWebRTCIPHandlingPolicy: stores the policy in
   * the renderer preferences (every frame of this WebContents) and syncs them to the renderers.
   */
  setWebRTCIPHandlingPolicy(policy: string): void {
    if (!['default', 'default_public_interface_only', 'default_public_and_private_interfaces', 'disable_non_proxied_udp'].includes(policy))
      throw new TypeError(`Invalid WebRTC IP handling policy: ${policy}`);
    this.webRtcIpHandlingPolicy = policy;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  /**
   * Main → page. Arguments go through the structured clone (Electron serializes IPC with V8's
   * serializer: functions and class instances do not survive).
   */
  readonly send = vi.fn((channel: string, ...args: unknown[]): void => {
    if (this.destroyed) throw new Error('Object has been destroyed');
    const cloned = structuredClone(args);
    for (const listener of this.pageListeners.get(channel) ?? []) listener({ sender: null, ports: [] }, ...cloned);
  });

  readonly sendInputEvent = vi.fn();

  /** A browser-initiated load (loadURL, reload): no will-navigate (shell/browser/electron_navigation_throttle.cc emits it for renderer-initiated navigations only); a new RenderFrameHost. */
  load(url: string): void {
    this.frame.swap(url);
    this.emit('did-navigate', {}, url);
    this.emit('did-finish-load');
  }

  reload(): void {
    this.load(this.frame.url);
  }

  /**
   * A navigation the page starts (a link, location.href): electron_navigation_throttle.cc emits
   * will-frame-navigate for every frame, then will-navigate for the main frame; either cancels it.
   * Event fields from WebContents::EmitNavigationEvent (electron_api_web_contents.cc). An in-page
   * (same-document) navigation runs no navigation throttle, so neither event (docs/api/web-contents.md:
   * "not emitted for in-page navigations"). Answers whether it was committed.
   */
  navigateFromPage(url: string, options: { frame?: FrameState; isSameDocument?: boolean } = {}): boolean {
    const frame = options.frame ?? this.frame;
    const isMainFrame = frame.parent === null;
    const isSameDocument = options.isSameDocument ?? false;
    const fields = () => ({
      url,
      isSameDocument,
      isMainFrame,
      processId: frame.processId,
      routingId: frame.routingId,
      frame: wrapFrame(frame),
    });
    const extra = [url, isSameDocument, isMainFrame, frame.processId, frame.routingId];
    if (isSameDocument) {
      frame.url = url;
      return true;
    }
    const frameEvent = preventableEvent(fields());
    this.emit('will-frame-navigate', frameEvent, ...extra);
    if (frameEvent.defaultPrevented) return false;
    if (isMainFrame) {
      const event = preventableEvent(fields());
      this.emit('will-navigate', event, ...extra);
      if (event.defaultPrevented) return false;
    }
    frame.swap(url);
    return true;
  }

  /** A server redirect during a navigation: will-redirect (ElectronNavigationThrottle::WillRedirectRequest). Answers whether it may go on. */
  redirect(url: string): boolean {
    const event = preventableEvent({
      url,
      isSameDocument: false,
      isMainFrame: true,
      processId: this.frame.processId,
      routingId: this.frame.routingId,
    });
    this.emit('will-redirect', event, url, false, true, this.frame.processId, this.frame.routingId);
    return !event.defaultPrevented;
  }

  /**
   * window.open or a target=_blank link (the '-new-window' path of lib/browser/api/web-contents.ts):
   * _callWindowOpenHandler gets { url, frameName, features, disposition, referrer }; no handler, or
   * `{ action: 'allow' }`, opens a window; 'deny' or a response that is not an object does not.
   * Answers whether a window would open.
   */
  openWindowFromPage(url: string, disposition = 'foreground-tab'): boolean {
    if (!this.windowOpenHandler) return true;
    const response: unknown = this.windowOpenHandler({
      url,
      frameName: '',
      features: '',
      disposition,
      referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
    } as { url: string });
    if (typeof response !== 'object' || response === null) return false;
    return (response as { action?: unknown }).action === 'allow';
  }

  /** An iframe in the page (same process here), for messages that must be refused. */
  addSubframe(url: string): FrameState {
    const child = new FrameState(this.processId, this.frame);
    child.url = url;
    return child;
  }

  /**
   * Page → main `ipcRenderer.invoke` as lib/browser/ipc-dispatch.ts answers it: the event is
   * `{ type: 'frame', sender, senderFrame (a getter, null once the frame is gone: the C++ side
   * converts the RenderFrameHost lazily, shell/browser/electron_api_ipc_handler_impl.cc), frameId,
   * processId, frameTreeNodeId }`; no handler → "No handler registered for '<channel>'"; a thrown
   * error → its toString(). Arguments and the result are structured-cloned.
   */
  async invokeFromPage(channel: string, args: unknown[], from: FrameState = this.frame): Promise<InvokeReply> {
    const event = {
      type: 'frame' as const,
      sender: this,
      get senderFrame(): FakeWebFrameMain | null {
        return from.disposed ? null : wrapFrame(from);
      },
      frameId: from.routingId,
      processId: from.processId,
      frameTreeNodeId: from.frameTreeNodeId,
    };
    const handler = this.ipcMain._invokeHandlers.get(channel);
    if (!handler) return { error: new Error(`No handler registered for '${channel}'`).toString() };
    try {
      return { result: structuredClone(await handler(event, ...structuredClone(args))) };
    } catch (error) {
      return { error: String(error) };
    }
  }
}
