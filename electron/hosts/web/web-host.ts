import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULTS } from '../../../shared/constants';
import type { AppServices } from '../../services/app/app-services-types';
import { createAccessToken } from './security/access-token';
import { isAllowedHost } from './security/host-check';
import { isDiagramFrameFile } from '../../../shared/rendering/diagram-frame';
import { serveArtifactFrame } from './pages/artifact-frame-route';
import { serveMcpAppFrame } from './pages/mcp-app-frame-route';
import { ARTIFACT_FRAME_PATH } from '../../../shared/rendering/artifact-frame';
import { MCP_APP_FRAME_PATH } from '../../../shared/rendering/mcp-app-frame';
import { diagramFrameHeaders, securityHeaders } from './security/security-headers';
import { checkPageAccess, sessionCookieHeader, type AccessSecrets } from './security/session-cookie';
import { lookUpStaticFile, readStaticFile } from './pages/static-files';
import { printViewId } from './pages/print-view-address';
import type { WebHostApp, WebHostAppInput } from './web-host-app';
import { initialPageFiles, watchPageFiles, type PageFilesWatch } from './pages/page-files';
import { preReadStore } from '../../services/store/conversations/store-pre-read';
import { forkEngineLauncher } from '../../services/engine/process/fork-engine-process';

export interface WebHostOptions {
  /** 0 picks any free port. */
  port?: number;
  dataDir: string;
  workspace?: string | null;
  /** Ollama host (a --host flag): overrides the stored setting. */
  ollamaHost?: string;
  /** The built renderer; default renderer/dist. */
  staticDir?: string;
  /** Use these services instead of building them (tests). The host does not dispose them. */
  services?: AppServices;
  /** Make the services this way instead of createAppServices (tests: to hold or fail the making). The host disposes them. */
  makeServices?: () => Promise<AppServices>;
}

export interface WebHost {
  /** http://127.0.0.1:PORT/?token=… — the address to open. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/**
 * renderer/dist at the repository root: three levels above this file under tsx and vitest, two
 * above the bundled host (out/web/web-main.js, built by web.vite.config.ts, which defines
 * `__TACO_WEB_BUNDLE__`).
 */
export const DEFAULT_STATIC_DIR = fileURLToPath(
  new URL(typeof __TACO_WEB_BUNDLE__ === 'undefined' ? '../../../renderer/dist' : '../../renderer/dist', import.meta.url),
);

/**
 * The built-in engine's process in the bundled host: out/web/engine-host.js beside out/web/web-main.js
 * (web.vite.config.ts emits both); under tsx and vitest the engine host is forked from source.
 */
const ENGINE_PROCESS =
  typeof __TACO_WEB_BUNDLE__ === 'undefined' ? undefined : forkEngineLauncher(fileURLToPath(new URL('./engine-host.js', import.meta.url)));

/** Thrown when the renderer has not been built: the words say how to build it. */
export class RendererNotBuiltError extends Error {
  override readonly name = 'RendererNotBuiltError';
}

/**
 * The app in a browser: the built renderer over HTTP and the contract over a WebSocket, on
 * 127.0.0.1 only, behind a random token that the first load exchanges for an HttpOnly,
 * SameSite=Strict session cookie (session-cookie.ts). Every response carries the renderer's CSP;
 * requests addressed to any other Host are refused (DNS rebinding).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new RendererNotBuiltError(`The renderer is not built (no ${join(staticDir, 'index.html')}). Run: npm run build:renderer`);
  }
  const token = createAccessToken();
  const secrets: AccessSecrets = { token, session: createAccessToken(), page: createAccessToken() };
  let port = 0;

  // Listening comes first, main second: the page's files need nothing of main, and making it
  // (loading the services' code, the contract's schemas and the tools, opening the data folder)
  // is most of a start. Whatever needs main waits on this one promise, never on half-made services.
  const appInput: WebHostAppInput = {
    services: options.services
      ? { given: options.services }
      : options.makeServices
        ? { make: options.makeServices }
        : {
            dataDir: options.dataDir,
            workspace: options.workspace,
            ollamaHost: options.ollamaHost,
            // The index's bytes are read now, while the page loads (I/O, no work of the event loop's):
            // main finds them in memory instead of waiting for them behind the page's first calls.
            storePreRead: preReadStore(options.dataDir),
            ...(ENGINE_PROCESS ? { engineProcess: ENGINE_PROCESS } : {}),
            // In a browser the page itself opens the link (a new tab, noopener), and only after main's
            // guard accepted it: accepting here is the guard's answer, there is nothing else to open.
            openExternal: async () => undefined,
          },
    secrets,
    port: () => port,
  };
  let making: Promise<WebHostApp> | null = null;
  const app = (): Promise<WebHostApp> => {
    // makeWebHostApp answers a failed making itself; this fails only when the gateway's own code
    // cannot load (a broken build): said once here, and each asker refuses what it cannot serve.
    making ??= import('./web-host-app')
      .then((module) => module.makeWebHostApp(appInput))
      .catch((error: unknown) => {
        process.stderr.write(`TACO could not start: ${error instanceof Error ? error.message : String(error)}\n`);
        throw error;
      });
    return making;
  };

  // Main is made once the page's first files are sent (while the page parses and runs its script:
  // loading main holds the event loop, and the files would wait behind it), when something asks
  // for it first, or after DEFAULTS.webHost.makeServicesAfterMs with no page at all. The page's first
  // question is the conversation list: the index is read then too, not after it asks (over a long
  // history that read is most of what the page would wait for).
  const pageFiles = watchPageFiles(initialPageFiles(await readFile(join(staticDir, 'index.html'), 'utf8')), () => {
    app()
      .then((made) => made.services.handle('conversations.list', {}))
      .catch(() => undefined);
  });

  const server = createServer((request, response) => {
    void serve(request, response, staticDir, port, secrets, app, pageFiles).catch((error: unknown) => {
      if (!response.headersSent) send(response, port, 500, 'TACO could not answer this request. Reload the page.');
      console.error('web host:', error);
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    app().then(
      (made) => made.gateway.upgrade(request, socket, head),
      () => socket.destroy(),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const startAnyway = setTimeout(() => app().catch(() => undefined), DEFAULTS.webHost.makeServicesAfterMs);
  startAnyway.unref();

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close() {
      closing ??= (async () => {
        clearTimeout(startAnyway);
        await (await making?.catch(() => null))?.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  staticDir: string,
  port: number,
  secrets: AccessSecrets,
  app: () => Promise<WebHostApp>,
  pageFiles: PageFilesWatch,
): Promise<void> {
  if (!isAllowedHost(request.headers.host, port)) {
    return send(response, port, 403, `Refused: TACO only answers at http://127.0.0.1:${port}/ (this protects against DNS rebinding).`);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return send(response, port, 405, 'Only GET and HEAD are served here.');
  }
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  // The diagram frame's page and script: built files with no data in them, asked for by a
  // sandboxed frame that has no origin (so no SameSite cookie), served under the frame's policy.
  if (isDiagramFrameFile(url.pathname)) return serveFile(response, port, staticDir, url.pathname, request.method, diagramFrameHeaders());
  // The artifact preview frame's page: static, no data in it (the artifact comes by postMessage),
  // its own sandboxing policy; asked for by an opaque-origin frame, so no session cookie either.
  if (url.pathname === ARTIFACT_FRAME_PATH) return serveArtifactFrame(response, request.method);
  // The MCP app frame's page: static too (the app's document comes by postMessage), under its own policy.
  if (url.pathname === MCP_APP_FRAME_PATH) return serveMcpAppFrame(response, request.method);
  const access = checkPageAccess(url, request.headers.cookie, secrets, port);
  switch (access.type) {
    case 'refused':
      return send(response, port, 403, `Refused: ${access.reason} Open the address TACO printed when it started (…/?token=…).`);
    case 'exchange':
      response.setHeader('Set-Cookie', sessionCookieHeader(secrets.session, port));
      response.setHeader('Location', access.location);
      response.setHeader('Cache-Control', 'no-store');
      return send(response, port, 303, 'Signed in; continuing without the token in the address.');
    case 'session':
      break;
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
  const printId = printViewId(url.pathname);
  if (printId !== null) return (await app()).servePrint(response, printId, request.method);
  // 'finish': the whole body is handed to the system, so work started then does not hold up its last bytes.
  response.once('finish', () => pageFiles.sent(url.pathname));
  return serveFile(response, port, staticDir, url.pathname, request.method, securityHeaders(port));
}

async function serveFile(
  response: ServerResponse,
  port: number,
  staticDir: string,
  pathname: string,
  method: string | undefined,
  headers: Record<string, string>,
): Promise<void> {
  const found = await lookUpStaticFile(staticDir, pathname);
  switch (found.type) {
    case 'bad-request':
      return send(response, port, 400, found.message);
    case 'not-found':
      return send(response, port, 404, 'Not found.');
    case 'file': {
      const body = await readStaticFile(found.path);
      response.writeHead(200, {
        ...headers,
        'Content-Type': found.contentType,
        'Content-Length': String(body.length),
        'Cache-Control': 'no-cache',
      });
      response.end(method === 'HEAD' ? undefined : body);
      return;
    }
    default: {
      const unreachable: never = found;
      return unreachable;
    }
  }
}

function send(response: ServerResponse, port: number, status: number, message: string): void {
  response.writeHead(status, {
    ...securityHeaders(port),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(message)),
  });
  response.end(message);
}
