import type { z } from 'zod';

export type ContractErrorCode = 'invalid-payload' | 'unknown-call' | 'not-found' | 'busy' | 'forbidden' | 'internal';

/** An error that crosses the contract: a code the renderer can switch on and words for the user. */
export interface ContractErrorShape {
  code: ContractErrorCode;
  message: string;
}

export class ContractError extends Error implements ContractErrorShape {
  override readonly name = 'ContractError';
  constructor(
    readonly code: ContractErrorCode,
    message: string,
  ) {
    super(message);
  }

  toShape(): ContractErrorShape {
    return { code: this.code, message: this.message };
  }
}

/** `chat.send: "text" must be a string (received number); "model" is required`. */
export function describeZodError(callName: string, error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    const field = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'payload';
    return `${field} ${lowerFirst(issue.message)}`;
  });
  return `${callName}: invalid request: ${parts.join('; ')}`;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export function toContractErrorShape(error: unknown): ContractErrorShape {
  if (error instanceof ContractError) return error.toShape();
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message };
}
