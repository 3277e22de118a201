import { callRequestSchemas, isCallName, type CallName, type CallResponse, type ValidCallRequest } from '../../../shared/contract/contract';
import { describeZodError, toContractErrorShape } from '../../../shared/contract/contract-error';
import type { CallEnvelope } from '../../../shared/contract/transport';

/** One handler per call, typed from the contract. Requests arrive validated. */
export type CallHandlers = { [K in CallName]: (request: ValidCallRequest<K>) => Promise<CallResponse<K>> | CallResponse<K> };

/**
 * The front door of main: an unknown name or a payload that fails its zod schema is refused with
 * words naming the field, before any handler runs, so nothing is half-applied. Handler errors
 * become error envelopes; nothing thrown crosses a transport.
 */
export function createCallRouter(handlers: CallHandlers): (name: string, request: unknown) => Promise<CallEnvelope<unknown>> {
  return async (name, request) => {
    if (!isCallName(name)) {
      return {
        ok: false,
        error: {
          code: 'unknown-call',
          message: `There is no call named "${String(name).slice(0, 100)}". The app and its main process may be out of step; restart TACO.`,
        },
      };
    }
    const parsed = callRequestSchemas[name].safeParse(request);
    if (!parsed.success) return { ok: false, error: { code: 'invalid-payload', message: describeZodError(name, parsed.error) } };
    try {
      const handler = handlers[name] as (request: unknown) => Promise<unknown> | unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      return { ok: false, error: toContractErrorShape(error) };
    }
  };
}
