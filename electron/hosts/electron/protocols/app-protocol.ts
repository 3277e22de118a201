import type { CustomScheme, Protocol } from 'electron';
import { isDiagramFrameFile } from '../../../../shared/rendering/diagram-frame';
import { diagramFramePolicy } from '../../content-security-policy';
import { lookUpStaticFile, readStaticFile } from '../../web/pages/static-files';
import { APP_HOST, APP_SCHEME } from '../renderer-location';

/**
 * `app://taco/` is a standard, secure scheme (its own origin, like https), registered before the
 * app is ready. Pages on it get no file:// privileges and no access to other files.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/**
 * Serves the built renderer from `dir` at app://taco/ with the CSP as a response header (the one
 * place Chromium honours every directive, frame-ancestors included). Paths are decoded, resolved,
 * realpath'd and kept inside `dir` (the web host's static lookup); other hosts and methods get an
 * error answer, never a file.
 */
export function createAppProtocolHandler(dir: string, policy: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return answer(404, 'Not found.', policy);
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Only GET and HEAD are served here.', policy);
    const found = await lookUpStaticFile(dir, url.pathname);
    switch (found.type) {
      case 'bad-request':
        return answer(400, found.message, policy);
      case 'not-found':
        return answer(404, 'Not found.', policy);
      case 'file': {
        const body = await readStaticFile(found.path);
        // The diagram frame's page and script go out under the frame's own policy (shared/diagram-frame.ts).
        const sent = isDiagramFrameFile(url.pathname) ? diagramFramePolicy() : policy;
        return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
          status: 200,
          headers: { ...headers(sent), 'Content-Type': found.contentType },
        });
      }
      default: {
        const unreachable: never = found;
        return unreachable;
      }
    }
  };
}

export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, dir: string, policy: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(dir, policy));
}

function headers(policy: string): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

function answer(status: number, message: string, policy: string): Response {
  return new Response(message, { status, headers: { ...headers(policy), 'Content-Type': 'text/plain; charset=utf-8' } });
}
