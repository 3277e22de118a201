import type { CallEnvelope, WsClientMessage, WsServerMessage } from '../../../shared/contract/transport';
import type { ContractErrorCode } from '../../../shared/contract/contract-error';
import { isCallName } from '../../../shared/contract/contract';

/** Id used in an error frame answering a frame that had no usable id. */
export const NO_CALL_ID = -1;

export type ParsedFrame =
  { type: 'call'; message: WsClientMessage } | { type: 'invalid'; id: number; code: ContractErrorCode; message: string };

/**
 * Reads one client frame. Anything that is not `{kind:"call", id, name, request}` gets an error
 * frame (with the frame's id when it had one) and the connection stays up. The request itself is
 * validated by the app services, like every other transport's.
 */
export function parseClientFrame(data: unknown): ParsedFrame {
  if (typeof data !== 'string') return invalid(NO_CALL_ID, 'Binary frames are not understood; send JSON text.');
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return invalid(NO_CALL_ID, 'The frame is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid(NO_CALL_ID, 'The frame must be a JSON object.');
  const frame = value as Record<string, unknown>;
  const id = typeof frame.id === 'number' && Number.isSafeInteger(frame.id) ? frame.id : null;
  if (id === null) return invalid(NO_CALL_ID, 'The frame needs a numeric "id".');
  if (frame.kind !== 'call') return invalid(id, 'The frame\'s "kind" must be "call".');
  if (typeof frame.name !== 'string') return invalid(id, 'The frame needs a "name" naming the call.');
  if (!isCallName(frame.name)) {
    return { type: 'invalid', id, code: 'unknown-call', message: `There is no call named "${frame.name.slice(0, 100)}".` };
  }
  return { type: 'call', message: { kind: 'call', id, name: frame.name, request: frame.request } };
}

export function resultFrame(id: number, envelope: CallEnvelope<unknown>): WsServerMessage {
  return { kind: 'result', id, envelope };
}

function invalid(id: number, message: string): ParsedFrame {
  return { type: 'invalid', id, code: 'invalid-payload', message: `Malformed message: ${message}` };
}
