import type { Session } from 'electron';
import { rendererUrl, type RendererLocation } from './renderer-location';

/**
 * The only permission the app uses: the Copy buttons write text with navigator.clipboard.writeText
 * (renderer/src/components/CopyButton.tsx, markdown/copy-text.ts). Reading the clipboard, camera,
 * microphone, notifications, geolocation, MIDI, HID/USB/serial, fullscreen, pointer lock,
 * openExternal...: all denied.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** A permission is granted only when the app uses it AND it is asked for by our own renderer. */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, location: RendererLocation): boolean {
  return GRANTED_PERMISSIONS.has(permission) && requestingUrl !== undefined && isRendererOrigin(requestingUrl, location);
}

/** Same scheme and host as our renderer page (`app://taco`, or the dev server's origin). */
export function isRendererOrigin(candidate: string, location: RendererLocation): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const own = new URL(rendererUrl(location));
  return url.protocol === own.protocol && url.host === own.host && url.host !== '';
}

/** Both the request handler (prompts) and the check handler (queries) follow the same policy. */
export function restrictPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  location: RendererLocation,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, location)),
  );
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    contents === null ? false : isPermissionGranted(permission, details.requestingUrl ?? requestingOrigin, location),
  );
}
