import type { CallName, CallRequest, CallResponse, EventName, EventPayloads } from '../../../shared/contract/contract';
import type { TacoBridge } from '../../../shared/contract/transport';
import { unwrapEnvelope } from './envelope';
import { TacoCallError } from './taco-call-error';
import type { ConnectionState, TacoClient } from './taco-client';

/** The client over Electron's preload bridge (`window.taco`): unwraps envelopes into values or errors. */
export function createBridgeClient(bridge: TacoBridge): TacoClient {
  const open: ConnectionState = { type: 'open' };
  return {
    async call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>> {
      const fn: ((request: CallRequest<K>) => Promise<unknown>) | undefined = bridge.calls[name];
      if (typeof fn !== 'function') {
        throw new TacoCallError('unknown-call', `This version of TACO cannot "${name}". Restart TACO after updating it.`);
      }
      let envelope: unknown;
      try {
        envelope = await fn(request);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new TacoCallError('internal', `"${name}" did not reach TACO's main process (${detail}). Restart TACO.`);
      }
      return unwrapEnvelope(name, envelope) as CallResponse<K>;
    },
    subscribe<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
      const subscribe = bridge.events[event];
      if (typeof subscribe !== 'function') return () => undefined;
      return subscribe(listener);
    },
    connection: () => open,
    onConnectionChange: () => () => undefined,
  };
}

/** True when `value` looks like the preload's bridge. */
export function isTacoBridge(value: unknown): value is TacoBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { calls?: unknown; events?: unknown };
  return (
    typeof candidate.calls === 'object' && candidate.calls !== null && typeof candidate.events === 'object' && candidate.events !== null
  );
}
