import type { Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../content-security-policy';
import { checkExternalUrl } from '../../services/app/open-external-guard';
import { DIAGRAM_FRAME_PAGE } from '../../../shared/rendering/diagram-frame';
import { isArtifactFrameUrl } from './protocols/artifact-protocol';
import { isOwnRendererUrl, rendererUrl, type RendererLocation } from './renderer-location';

/**
 * Every webContents (the window, and any created later: devtools, dialogs) may not open windows
 * (http/https links go to the system browser through the one guard), may not navigate or be
 * redirected away from our page, and may not attach webviews. Installed from
 * app.on('web-contents-created') so none is missed.
 */
export function guardWebContents(
  contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>,
  location: RendererLocation,
  openExternal: (url: string) => Promise<void>,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    const check = checkExternalUrl(url);
    if (check.type === 'allowed')
      void openExternal(check.url).catch((error: unknown) => console.error('Could not open a link in the browser:', error));
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isOwnRendererUrl(url, location)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnRendererUrl(url, location)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (isOwnRendererUrl(event.url, location)) return;
    // Our page's own frames may load their pages (never the window itself): the artifact preview
    // frame (artifact://preview/), its nested srcdoc frame, the diagram frame, and each drawn
    // diagram's view frame (a srcdoc with sandbox="", MermaidDiagram.tsx).
    if (!event.isMainFrame && isOwnFramePage(event.url, location)) return;
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** A page our renderer opens in an iframe: the artifact preview frame, its srcdoc, the diagram frame, a diagram's view (srcdoc). */
function isOwnFramePage(url: string, location: RendererLocation): boolean {
  if (isArtifactFrameUrl(url) || url === 'about:srcdoc') return true;
  const diagramPage = new URL(DIAGRAM_FRAME_PAGE, rendererUrl(location)).href;
  return url === diagramPage;
}

/**
 * The CSP sent with every response. Built pages get the renderer's strict policy; the dev server
 * (electron-vite dev only) also needs its inline React-refresh preamble and its HMR socket.
 */
export function cspFor(location: RendererLocation): string {
  switch (location.type) {
    case 'bundle':
      return contentSecurityPolicy();
    case 'dev-server': {
      const origin = new URL(location.url);
      return contentSecurityPolicy([`ws://${origin.host}`])
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
    }
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}

/**
 * The renderer's CSP on every response that comes through the network stack: the dev server's in
 * `npm run dev` (the bundle's app:// responses carry it from app-protocol.ts already; index.html
 * also has a meta fallback without the directives a meta tag cannot carry).
 */
export function enforceCsp(session: Pick<Session, 'webRequest'>, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    // The artifact frame's page carries its own, stricter policy (artifact-protocol.ts): keep it.
    if (typeof details.url === 'string' && isArtifactFrameUrl(details.url)) return callback({ responseHeaders: details.responseHeaders });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}
