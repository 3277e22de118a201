import type { WebFrameMain } from 'electron';
import { isOwnRendererUrl, type RendererLocation } from './renderer-location';

/**
 * An IPC message is trusted only when it comes from our window's main frame (by identity, so an
 * iframe or another window cannot pass) and that frame shows our own renderer page.
 */
export function isTrustedSender(
  senderFrame: Pick<WebFrameMain, 'url'> | null | undefined,
  mainFrame: Pick<WebFrameMain, 'url'> | null | undefined,
  location: RendererLocation,
): boolean {
  if (!senderFrame || !mainFrame || senderFrame !== mainFrame) return false;
  return isOwnRendererUrl(senderFrame.url, location);
}
