import type { ContractErrorCode } from '../../../shared/contract/contract-error';

/** Codes a call can fail with: main's contract codes, plus the transport losing its connection. */
export type TacoCallErrorCode = ContractErrorCode | 'disconnected';

/** A call that did not succeed: a code to switch on and words the user can read. */
export class TacoCallError extends Error {
  override readonly name = 'TacoCallError';
  constructor(
    readonly code: TacoCallErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Words for any failure, whatever was thrown. */
export function describeCallFailure(error: unknown): string {
  if (error instanceof TacoCallError) return error.message;
  if (error instanceof Error && error.message) return `Something went wrong: ${error.message}`;
  return 'Something went wrong. Try again; if it keeps happening, restart TACO.';
}
