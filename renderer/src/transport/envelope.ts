import type { CallName } from '../../../shared/contract/contract';
import type { ContractErrorCode } from '../../../shared/contract/contract-error';
import { TacoCallError } from './taco-call-error';

const CODES: readonly ContractErrorCode[] = ['invalid-payload', 'unknown-call', 'not-found', 'busy', 'forbidden', 'internal'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Unwrap a `CallEnvelope`: the value, or a thrown TacoCallError. Anything malformed is an error too. */
export function unwrapEnvelope(name: CallName, envelope: unknown): unknown {
  if (!isRecord(envelope) || typeof envelope.ok !== 'boolean') {
    throw new TacoCallError(
      'internal',
      `TACO answered "${name}" with something unexpected. Restart TACO; if it keeps happening, report it.`,
    );
  }
  if (envelope.ok) return envelope.value;
  const error = envelope.error;
  if (!isRecord(error)) {
    throw new TacoCallError('internal', `"${name}" failed without saying why. Try again.`);
  }
  const code = CODES.find((candidate) => candidate === error.code) ?? 'internal';
  const message =
    typeof error.message === 'string' && error.message.trim() ? error.message : `"${name}" failed without saying why. Try again.`;
  throw new TacoCallError(code, message);
}
