import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { CALL_NAMES } from '../../../shared/contract/contract';
import { callChannel, eventChannel, type CallEnvelope } from '../../../shared/contract/transport';
import type { AppServices } from '../../services/app/app-services-types';

export const FORBIDDEN_SENDER_MESSAGE = 'Refused: this request did not come from the TACO window.';

export interface IpcWiring {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  services: Pick<AppServices, 'handle' | 'subscribe' | 'subscribeModelEvents'>;
  /** Our window's main frame showing our page (see trusted-sender.ts). */
  isTrusted: (event: IpcMainInvokeEvent) => boolean;
  /** Sends to our window, if it is still there. */
  send: (channel: string, payload: unknown) => void;
}

/**
 * One `ipcMain.handle` per contract call, each refusing untrusted senders before anything else,
 * then passing the request to the services (which validate it). Event batches go to the window
 * on their channel (taco-events, model-events). Returns the undo.
 */
export function registerIpc(wiring: IpcWiring): () => void {
  for (const name of CALL_NAMES) {
    wiring.ipcMain.handle(callChannel(name), async (event: IpcMainInvokeEvent, request: unknown): Promise<CallEnvelope<unknown>> => {
      if (!wiring.isTrusted(event)) return { ok: false, error: { code: 'forbidden', message: FORBIDDEN_SENDER_MESSAGE } };
      return wiring.services.handle(name, request);
    });
  }
  const unsubscribeEvents = wiring.services.subscribe((batch) => wiring.send(eventChannel('taco-events'), batch));
  const unsubscribeModelEvents = wiring.services.subscribeModelEvents((batch) => wiring.send(eventChannel('model-events'), batch));
  return () => {
    unsubscribeEvents();
    unsubscribeModelEvents();
    for (const name of CALL_NAMES) wiring.ipcMain.removeHandler(callChannel(name));
  };
}
