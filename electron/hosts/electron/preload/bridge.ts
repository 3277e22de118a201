import { CALL_NAMES, EVENT_NAMES, type EventName, type EventPayloads } from '../../../../shared/contract/contract';
import { callChannel, eventChannel, type CallEnvelope, type TacoBridge } from '../../../../shared/contract/transport';

/** The part of ipcRenderer the bridge uses. It never leaves this file. */
export interface IpcRendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * `window.taco`: one function per call, each bound to its own fixed channel and sending exactly
 * one argument; one subscribe function per event that hands the page only the payload (never the
 * IPC event) and returns its unsubscribe. No generic invoke, no channel names from the page.
 */
export function createBridge(ipc: IpcRendererPort): TacoBridge {
  const calls = Object.fromEntries(
    CALL_NAMES.map((name) => {
      const channel = callChannel(name);
      const call = (request: unknown): Promise<CallEnvelope<unknown>> => ipc.invoke(channel, request) as Promise<CallEnvelope<unknown>>;
      return [name, call];
    }),
  ) as TacoBridge['calls'];

  const events = Object.fromEntries(
    EVENT_NAMES.map((name) => {
      const channel = eventChannel(name);
      const subscribe = (listener: (payload: EventPayloads[EventName]) => void): (() => void) => {
        const handler = (_event: unknown, payload: unknown): void => listener(payload as EventPayloads[EventName]);
        ipc.on(channel, handler);
        return () => {
          ipc.removeListener(channel, handler);
        };
      };
      return [name, subscribe];
    }),
  ) as TacoBridge['events'];

  return { calls, events };
}
