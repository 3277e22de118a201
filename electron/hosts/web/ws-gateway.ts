import { DEFAULTS } from '../../../shared/constants';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ModelEvent, TacoEvent } from '../../../shared/contract/events';
import { WS_PATH, type WsServerMessage } from '../../../shared/contract/transport';
import type { AppServices } from '../../services/app/app-services-types';
import { tokensMatch } from './security/access-token';
import { readCookie, sessionCookieName, type AccessSecrets } from './security/session-cookie';
import { isAllowedHost, isSameOrigin } from './security/host-check';
import { parseClientFrame, resultFrame } from './ws-protocol';
import { inTurnsOfTheirOwn } from './call-turns';

/** Close code for a missing or wrong token (the renderer shows its "open the printed address" help). */
export const CLOSE_BAD_TOKEN = 4401;

export interface WsGateway {
  /** The HTTP server's 'upgrade' request: checked, then taken as a WebSocket or refused. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
}

export interface WsGatewayOptions {
  services: Pick<AppServices, 'handle' | 'subscribe' | 'subscribeModelEvents'>;
  /** The printed token, the session cookie's value and the page secret. */
  secrets: AccessSecrets;
  port: () => number;
}

/**
 * The contract over a WebSocket at WS_PATH. Connections must come to our own Host from our own
 * Origin (else HTTP 403 before any upgrade) and carry the session cookie AND the page secret as
 * ?token= (a browser page: the cookie reaches every server on 127.0.0.1, the page secret only this
 * page), or the printed token as ?token= (other clients) — else they are closed with 4401.
 * Each call frame is answered by a result frame with the same id; a malformed frame gets an error
 * result and the connection stays. Event batches (conversation and model events) go to every
 * connected page.
 */
export function createWsGateway(options: WsGatewayOptions): WsGateway {
  const { services, secrets } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: DEFAULTS.webHost.maxFrameBytes });
  const clients = new Set<WebSocket>();

  const send = (socket: WebSocket, message: WsServerMessage): void => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const broadcast = (frame: WsServerMessage): void => {
    const text = JSON.stringify(frame);
    for (const socket of clients) if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  const unsubscribeEvents = services.subscribe((batch: TacoEvent[]) => broadcast({ kind: 'event', name: 'taco-events', payload: batch }));
  const unsubscribeModelEvents = services.subscribeModelEvents((batch: ModelEvent[]) =>
    broadcast({ kind: 'event', name: 'model-events', payload: batch }),
  );

  const onMessage = async (socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> => {
    const parsed = parseClientFrame(isBinary ? null : rawToString(data));
    if (parsed.type === 'invalid') {
      send(socket, resultFrame(parsed.id, { ok: false, error: { code: parsed.code, message: parsed.message } }));
      return;
    }
    const { id, name, request } = parsed.message;
    try {
      send(socket, resultFrame(id, await services.handle(name, request)));
    } catch (error) {
      send(
        socket,
        resultFrame(id, { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } }),
      );
    }
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // The host may hand over a connection that waited for the services: the peer can be gone.
    if (socket.destroyed) return;
    const port = options.port();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== WS_PATH) return refuse(socket, 404, 'Not found.');
    if (!isAllowedHost(request.headers.host, port)) return refuse(socket, 403, `Refused: TACO only answers at http://127.0.0.1:${port}/.`);
    if (!isSameOrigin(request.headers.origin, request.headers.host, port)) {
      return refuse(socket, 403, 'Refused: the connection does not come from a TACO page.');
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const cookie = readCookie(request.headers.cookie, sessionCookieName(port));
      const given = url.searchParams.get('token');
      const page = tokensMatch(secrets.session, cookie) && tokensMatch(secrets.page, given);
      if (!page && !tokensMatch(secrets.token, given)) {
        ws.close(CLOSE_BAD_TOKEN, 'The access token is missing or wrong.');
        return;
      }
      clients.add(ws);
      ws.on(
        'message',
        inTurnsOfTheirOwn((data: RawData, isBinary: boolean) => void onMessage(ws, data, isBinary)),
      );
      ws.on('close', () => clients.delete(ws));
      ws.on('error', () => clients.delete(ws));
    });
  };
  return {
    upgrade: onUpgrade,
    clientCount: () => clients.size,
    close: () =>
      new Promise((done) => {
        unsubscribeEvents();
        unsubscribeModelEvents();
        for (const socket of clients) socket.close(1001, 'TACO is shutting down.');
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => done());
      }),
  };
}

function refuse(socket: Duplex, status: 403 | 404, message: string): void {
  const reason = status === 403 ? 'Forbidden' : 'Not Found';
  socket.on('error', () => undefined);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
