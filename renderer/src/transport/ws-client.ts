import { DEFAULTS } from '../../../shared/constants';
import type { CallName, CallRequest, CallResponse, EventName, EventPayloads } from '../../../shared/contract/contract';
import type { WsClientMessage } from '../../../shared/contract/transport';
import { unwrapEnvelope } from './envelope';
import { TacoCallError } from './taco-call-error';
import type { ConnectionState, TacoClient } from './taco-client';

/** The part of the browser WebSocket the client uses (a fake in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface WsClientOptions {
  url: string;
  createSocket?: (url: string) => WebSocketLike;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
}

export interface WsTacoClient extends TacoClient {
  /** Close for good: no reconnect; pending and later calls reject. */
  close(): void;
}

interface Pending {
  name: CallName;
  resolve: (value: unknown) => void;
  reject: (error: TacoCallError) => void;
}

const OPEN = 1;
/** Close codes with which the web host refuses a token: reconnecting would not help. */
const REFUSED_CODES = new Set([1008, 4401, 4403]);
const REFUSED_MESSAGE =
  'TACO refused the connection: the access token of this page is missing or wrong. Open the exact address `npm run web` printed (it ends with ?token=…).';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every event name (a Record so adding one to the contract fails to compile here). Kept local: shared/contract.ts bundles zod. */
const EVENT_NAME_SET: Record<EventName, true> = { 'taco-events': true, 'model-events': true };

function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_NAME_SET, value);
}

/**
 * The client over the web host's WebSocket: correlates call ids with results, delivers event
 * batches to subscribers, reconnects with backoff when the socket drops.
 */
export function createWsClient(options: WsClientOptions): WsTacoClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const initialMs = options.reconnectInitialMs ?? DEFAULTS.rendererTransport.reconnectInitialMs;
  const maxMs = options.reconnectMaxMs ?? DEFAULTS.rendererTransport.reconnectMaxMs;

  let socket: WebSocketLike | null = null;
  let state: ConnectionState = { type: 'connecting' };
  let attempt = 0;
  let nextId = 1;
  let closedForGood = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Calls sent and waiting for their result. */
  const pending = new Map<number, Pending>();
  /** Calls made while no socket was open: sent on open, rejected if the attempt fails. */
  const queued: { message: WsClientMessage; entry: Pending }[] = [];
  const listeners = new Map<EventName, Set<(payload: EventPayloads[EventName]) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();

  function setState(next: ConnectionState): void {
    state = next;
    for (const listener of [...connectionListeners]) listener(next);
  }

  function send(message: WsClientMessage, entry: Pending): void {
    if (!socket || socket.readyState !== OPEN) {
      queued.push({ message, entry });
      return;
    }
    const frame = JSON.stringify(message);
    // The web host closes the socket on a frame over its limit: refuse it here, in words, instead.
    if (frame.length > DEFAULTS.webHost.maxFrameBytes / 4 && new TextEncoder().encode(frame).length > DEFAULTS.webHost.maxFrameBytes) {
      const limit = `${Math.floor(DEFAULTS.webHost.maxFrameBytes / (1024 * 1024))} MB`;
      entry.reject(
        new TacoCallError(
          'invalid-payload',
          `This is too large to send to TACO in the browser (over ${limit} at once). Use the desktop app, or split it into smaller files.`,
        ),
      );
      return;
    }
    try {
      socket.send(frame);
      pending.set(message.id, entry);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      entry.reject(new TacoCallError('disconnected', `"${entry.name}" could not be sent to TACO (${detail}). Try again in a moment.`));
    }
  }

  function deliver(name: EventName, payload: unknown): void {
    if (!Array.isArray(payload)) return;
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload as EventPayloads[EventName]);
      } catch (error) {
        console.error(`A ${name} listener failed`, error);
      }
    }
  }

  function handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!isRecord(message)) return;
    if (message.kind === 'result' && typeof message.id === 'number') {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      try {
        entry.resolve(unwrapEnvelope(entry.name, message.envelope));
      } catch (error) {
        entry.reject(error instanceof TacoCallError ? error : new TacoCallError('internal', String(error)));
      }
    } else if (message.kind === 'event' && isEventName(message.name)) {
      deliver(message.name, message.payload);
    }
  }

  function failAll(wasOpen: boolean): void {
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(
        new TacoCallError(
          'disconnected',
          `The connection to TACO dropped before "${entry.name}" was answered. It is reconnecting; try again in a moment.`,
        ),
      );
    }
    if (!wasOpen || closedForGood) {
      for (const { entry } of queued.splice(0)) {
        entry.reject(
          new TacoCallError(
            'disconnected',
            closedForGood
              ? `"${entry.name}" was not sent: the connection to TACO is closed. Reload the page.`
              : `"${entry.name}" was not sent: TACO is not reachable. Check that \`npm run web\` is still running; TACO keeps retrying.`,
          ),
        );
      }
    }
  }

  function connect(): void {
    timer = null;
    let opened = false;
    let current: WebSocketLike;
    try {
      current = createSocket(options.url);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      failAll(false);
      scheduleReconnect(`Could not open the connection to TACO (${detail}).`);
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      opened = true;
      attempt = 0;
      setState({ type: 'open' });
      for (const { message, entry } of queued.splice(0)) send(message, entry);
    };
    current.onmessage = (event) => {
      if (socket === current) handleMessage(event.data);
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      failAll(opened);
      if (closedForGood) return;
      if (REFUSED_CODES.has(event.code)) {
        for (const { entry } of queued.splice(0)) entry.reject(new TacoCallError('forbidden', REFUSED_MESSAGE));
        setState({ type: 'unavailable', message: REFUSED_MESSAGE });
        return;
      }
      scheduleReconnect(opened ? 'The connection to TACO dropped.' : 'TACO is not reachable.');
    };
  }

  function scheduleReconnect(reason: string): void {
    const retryInMs = Math.min(maxMs, initialMs * 2 ** attempt);
    attempt += 1;
    setState({ type: 'reconnecting', attempt, retryInMs, message: `${reason} Reconnecting…` });
    timer = setTimeout(connect, retryInMs);
  }

  connect();

  return {
    call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>> {
      return new Promise<CallResponse<K>>((resolve, reject) => {
        if (closedForGood) {
          reject(new TacoCallError('disconnected', `"${name}" was not sent: the connection to TACO is closed. Reload the page.`));
          return;
        }
        if (state.type === 'unavailable') {
          reject(new TacoCallError('forbidden', state.message));
          return;
        }
        const id = nextId++;
        const entry: Pending = { name, resolve: (value) => resolve(value as CallResponse<K>), reject };
        send({ kind: 'call', id, name, request }, entry);
      });
    },
    subscribe<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: EventPayloads[EventName]) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    connection: () => state,
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    close() {
      closedForGood = true;
      if (timer) clearTimeout(timer);
      const current = socket;
      socket = null;
      failAll(false);
      current?.close(1000, 'closed by the page');
      setState({ type: 'unavailable', message: 'The connection to TACO is closed. Reload the page.' });
    },
  };
}
