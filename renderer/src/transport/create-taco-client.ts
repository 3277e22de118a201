import type { TacoBridge } from '../../../shared/contract/transport';
import { createBridgeClient, isTacoBridge } from './bridge-client';
import type { TacoClient } from './taco-client';
import { createWsClient, type WebSocketLike } from './ws-client';
import { takeWsToken, wsUrl, type PageEnvironment } from './ws-token';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in a browser. */
    taco?: TacoBridge;
  }
}

export interface ClientEnvironment extends PageEnvironment {
  taco?: unknown;
  createSocket?: (url: string) => WebSocketLike;
}

/** Electron when the preload's bridge is present, otherwise the web host's WebSocket. */
export function createTacoClient(env: ClientEnvironment = window): TacoClient {
  if (isTacoBridge(env.taco)) return createBridgeClient(env.taco);
  const token = takeWsToken(env);
  return createWsClient({ url: wsUrl(env.location, token), createSocket: env.createSocket });
}
