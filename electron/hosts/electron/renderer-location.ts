/**
 * Where the renderer is loaded from: the dev server (electron-vite dev), or the built bundle
 * served from disk by our own privileged `app://taco/` protocol (app-protocol.ts). Never
 * `file://`: file pages get extra privileges (the grantFileProtocolExtraPrivileges fuse is off)
 * and share one origin with every other file on the disk.
 */
export type RendererLocation = { type: 'dev-server'; url: string } | { type: 'bundle'; dir: string };

export const APP_SCHEME = 'app';
export const APP_HOST = 'taco';
/** The renderer's page in a packaged or built app. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export function rendererUrl(location: RendererLocation): string {
  switch (location.type) {
    case 'dev-server':
      return location.url;
    case 'bundle':
      return APP_INDEX_URL;
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}

/**
 * Whether a URL is our own renderer page: the bundle's index.html (any hash or query), or the
 * same origin as the dev server. Anything else — a file, another origin, about:blank — is not.
 */
export function isOwnRendererUrl(candidate: string, location: RendererLocation): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  switch (location.type) {
    case 'dev-server':
      return url.origin === new URL(location.url).origin && (url.protocol === 'http:' || url.protocol === 'https:');
    case 'bundle':
      return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === '/index.html' && !url.username && !url.password;
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}
