import type { CallName, CallRequest, CallResponse, EventName, EventPayloads } from './contract';
import type { ContractErrorShape } from './contract-error';

/** Every call's answer crosses a transport wrapped like this; the renderer's client unwraps it. */
export type CallEnvelope<T> = { ok: true; value: T } | { ok: false; error: ContractErrorShape };

/**
 * What the Electron preload exposes as `window.taco`: one function per call and one subscribe
 * function per event (returning its unsubscribe). Never `ipcRenderer` itself.
 */
export interface TacoBridge {
  calls: { [K in CallName]: (request: CallRequest<K>) => Promise<CallEnvelope<CallResponse<K>>> };
  events: { [E in EventName]: (listener: (payload: EventPayloads[E]) => void) => () => void };
}

/** IPC channel names (Electron): one per call and one per event. */
export const callChannel = (name: CallName): string => `taco:call:${name}`;
export const eventChannel = (name: EventName): string => `taco:event:${name}`;

/** WebSocket frames of the web host. */
export type WsClientMessage = { kind: 'call'; id: number; name: CallName; request: unknown };
export type WsServerMessage =
  { kind: 'result'; id: number; envelope: CallEnvelope<unknown> } | { kind: 'event'; name: EventName; payload: EventPayloads[EventName] };

/** Path of the web host's WebSocket endpoint; the token rides in the query string. */
export const WS_PATH = '/ws';
