import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Authorizer } from './authorizer';

export interface LoopbackOptions {
  /** Opens the authorization page in the system browser (through the app's openExternal guard). */
  openBrowser(url: string): Promise<{ opened: boolean; message: string | null }>;
  /** Sign-in gives up after this long without the browser coming back. */
  timeoutMs: number;
}

const PAGE = (text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>TACO</title><p style="font-family:sans-serif">${text}</p>`;

/**
 * Authorization code + PKCE through the system browser (RFC 8252): a listener on 127.0.0.1 with a
 * free port receives the redirect at /callback. Only a callback whose `state` is the one sent is
 * taken; an `error` from the server ends the sign-in with its words. The listener stays for the
 * app's life so the redirect URI registered with a server keeps working until TACO quits.
 */
export function loopbackAuthorizer(options: LoopbackOptions): Authorizer {
  let server: Server | null = null;
  let port = 0;
  const waiting = new Map<string, { resolve(code: string): void; reject(error: Error): void }>();

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const listener = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const state = url.searchParams.get('state') ?? '';
        const pending = waiting.get(state);
        if (url.pathname !== '/callback' || !pending) {
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('This sign-in link is not expected by TACO.'));
          return;
        }
        waiting.delete(state);
        const code = url.searchParams.get('code');
        const error = url.searchParams.get('error');
        if (code) {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(PAGE('Signed in. You can close this tab and return to TACO.'));
          pending.resolve(code);
        } else {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('The sign-in did not complete. Return to TACO.'));
          const description = (url.searchParams.get('error_description') ?? '').slice(0, 300);
          pending.reject(
            new Error(
              `The authorization server refused the sign-in (${(error ?? 'no code').slice(0, 100)}${description ? `: ${description}` : ''}).`,
            ),
          );
        }
      });
      listener.once('error', reject);
      listener.listen(0, '127.0.0.1', () => {
        // Never what keeps TACO running (the CLI exits with it open).
        listener.unref();
        server = listener;
        port = (listener.address() as AddressInfo).port;
        resolve();
      });
    });

  return {
    get redirectUrl() {
      return `http://127.0.0.1${port ? `:${port}` : ''}/callback`;
    },
    async prepare() {
      if (!server) await start();
    },
    async authorize(authorizationUrl, signal) {
      const state = authorizationUrl.searchParams.get('state');
      if (!state) throw new Error('The sign-in has no state parameter; TACO does not follow it.');
      const code = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(state);
          reject(new Error(`Nobody finished signing in within ${Math.round(options.timeoutMs / 60_000)} minutes; try Sign in again.`));
        }, options.timeoutMs);
        timer.unref();
        const settle = {
          resolve: (value: string) => (clearTimeout(timer), resolve(value)),
          reject: (error: Error) => (clearTimeout(timer), reject(error)),
        };
        waiting.set(state, settle);
        signal.addEventListener('abort', () => {
          waiting.delete(state);
          settle.reject(new Error('The sign-in was cancelled.'));
        });
      });
      const opened = await options.openBrowser(authorizationUrl.href);
      if (!opened.opened) {
        waiting.delete(state);
        throw new Error(opened.message ?? 'The browser could not be opened for the sign-in.');
      }
      return { code: await code };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pending of waiting.values()) pending.reject(new Error('TACO is shutting down.'));
        waiting.clear();
        if (server) server.close(() => resolve());
        else resolve();
      }),
  };
}
