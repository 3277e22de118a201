import type { TacoApi } from '../../../shared/contract/contract';

/** Where the link to main stands. Electron's bridge is always open. */
export type ConnectionState =
  | { type: 'connecting' }
  | { type: 'open' }
  | { type: 'reconnecting'; attempt: number; retryInMs: number; message: string }
  | { type: 'unavailable'; message: string };

/** The contract's API plus the state of the link, so the UI can say when it is reconnecting. */
export interface TacoClient extends TacoApi {
  connection(): ConnectionState;
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
}
