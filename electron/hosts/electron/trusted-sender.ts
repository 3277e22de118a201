import type { WebContents, WebFrameMain } from 'electron';
import { isOwnRendererUrl, type RendererLocation } from './renderer-location';

/** The parts of an invoke event the check reads (Electron's IpcMainInvokeEvent). */
export interface SenderEvent {
  sender?: Pick<WebContents, 'id'> | null;
  senderFrame?: Pick<WebFrameMain, 'url' | 'parent' | 'detached'> | null;
}

/**
 * An IPC message is trusted when it comes from our window's webContents (by id: Electron's event
 * `sender`), from its top frame (`parent` null: not an iframe), and that frame shows our own
 * renderer page, checked with a URL parser as Electron's security guide does
 * (docs/tutorial/security.md, "Validate the sender of all IPC messages").
 *
 * Never by object identity: Electron looks frames up through weak handles
 * (shell/browser/api/electron_api_web_frame_main.cc), so `senderFrame` and `webContents.mainFrame`
 * need not be the same object, and a reload or navigation gives the frame a new frame token.
 * `senderFrame` is null, or throws when read, once the frame is gone: refused.
 */
export function isTrustedSender(
  event: SenderEvent,
  window: { webContents: Pick<WebContents, 'id'> } | null,
  location: RendererLocation,
): boolean {
  if (!window || !event.sender || event.sender.id !== window.webContents.id) return false;
  const frame = event.senderFrame;
  if (!frame) return false;
  try {
    return !frame.detached && frame.parent === null && isOwnRendererUrl(frame.url, location);
  } catch {
    return false;
  }
}
