import type { CustomScheme, Protocol } from 'electron';
import { ARTIFACT_FRAME_PAGE, ARTIFACT_FRAME_PATH, ARTIFACT_HOST, ARTIFACT_SCHEME } from '../../../../shared/rendering/artifact-frame';
import { artifactFrameHeaders } from '../../artifact-frame-policy';
import { MCP_APP_FRAME_PAGE, MCP_APP_FRAME_PATH } from '../../../../shared/rendering/mcp-app-frame';
import { mcpAppFrameHeaders } from '../../mcp-app-frame-policy';
import { APP_HOST, APP_SCHEME, type RendererLocation } from '../renderer-location';

/**
 * `artifact://preview/` is the artifact preview frame's own origin, never `app://taco`: standard
 * (so it has an origin at all) and secure (framed by app://taco without mixed content), and none of
 * the other privileges — no fetch API, no CORS, no service workers, no CSP bypass, no streams.
 * Privileges as electron/electron names them (docs/api/structures/custom-scheme.md; all default
 * false), registered before ready together with app:// (docs/api/protocol.md: "can be called only
 * once").
 */
export const ARTIFACT_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: ARTIFACT_SCHEME,
  privileges: { standard: true, secure: true },
};

/**
 * Serves the two pages of the scheme, artifact://preview/artifact-frame.html and the MCP app frame
 * (artifact://preview/mcp-app-frame.html), each under its own policy (framed only by
 * `frameAncestors`, our page's origin); any other address or method gets an error answer. `protocol.handle` gives the handler a `Request` and sends back the `Response`'s
 * status, headers and body (lib/browser/api/protocol.ts `Protocol.prototype.handle`).
 */
export function createArtifactProtocolHandler(frameAncestors: string): (request: Request) => Response {
  const headers = artifactFrameHeaders(frameAncestors);
  const appHeaders = mcpAppFrameHeaders(frameAncestors);
  return (request) => {
    const url = new URL(request.url);
    const page = url.pathname === MCP_APP_FRAME_PATH ? MCP_APP_FRAME_PAGE : ARTIFACT_FRAME_PAGE;
    if (
      url.protocol !== `${ARTIFACT_SCHEME}:` ||
      url.host !== ARTIFACT_HOST ||
      (url.pathname !== ARTIFACT_FRAME_PATH && url.pathname !== MCP_APP_FRAME_PATH)
    )
      return new Response('Not found.', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Only GET and HEAD are served here.', {
        status: 405,
        headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    return new Response(request.method === 'HEAD' ? null : page, {
      status: 200,
      headers: url.pathname === MCP_APP_FRAME_PATH ? appHeaders : headers,
    });
  };
}

/**
 * The one origin that may frame the artifact page: our page's. Written out for app://, whose
 * origin Node's URL reports as "null" (not a special scheme there).
 */
export function artifactFrameAncestor(location: RendererLocation): string {
  switch (location.type) {
    case 'bundle':
      return `${APP_SCHEME}://${APP_HOST}`;
    case 'dev-server':
      return new URL(location.url).origin;
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}

export function registerArtifactProtocol(protocol: Pick<Protocol, 'handle'>, frameAncestors: string): void {
  protocol.handle(ARTIFACT_SCHEME, createArtifactProtocolHandler(frameAncestors));
}

/** Whether a navigation goes to the artifact or the MCP app frame's page (allowed for subframes of our page only). */
export function isArtifactFrameUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (
      url.protocol === `${ARTIFACT_SCHEME}:` &&
      url.host === ARTIFACT_HOST &&
      (url.pathname === ARTIFACT_FRAME_PATH || url.pathname === MCP_APP_FRAME_PATH) &&
      url.search === '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
