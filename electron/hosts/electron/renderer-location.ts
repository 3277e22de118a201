import { pathToFileURL } from 'node:url';

/** Where the renderer is loaded from: the dev server (electron-vite dev) or the built index.html. */
export type RendererLocation = { type: 'dev-server'; url: string } | { type: 'file'; path: string };

export function rendererUrl(location: RendererLocation): string {
  switch (location.type) {
    case 'dev-server':
      return location.url;
    case 'file':
      return pathToFileURL(location.path).href;
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}

/**
 * Whether a URL is our own renderer page: the same file (any hash or query), or the same origin
 * as the dev server. Anything else — another file, another origin, about:blank — is not.
 */
export function isOwnRendererUrl(candidate: string, location: RendererLocation): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const own = new URL(rendererUrl(location));
  switch (location.type) {
    case 'dev-server':
      return url.origin === own.origin && (url.protocol === 'http:' || url.protocol === 'https:');
    case 'file':
      return url.protocol === 'file:' && url.host === own.host && decodeURIComponent(url.pathname) === decodeURIComponent(own.pathname);
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}
