import type { ContractErrorShape } from '../../../../shared/contract/contract-error';
import type { SendResult } from '../../../../shared/contract/contract';
import type { AppServices } from '../app-services-types';

type Handles = Pick<AppServices, 'handle'>;

/** The value of a call the test expects to succeed; the call's error code and message fail the test otherwise. */
export async function callService<T>(services: Handles, name: string, request: unknown): Promise<T> {
  const envelope = await services.handle(name, request);
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value as T;
}

/** The error of a call the test expects to be refused; a success fails the test. */
export async function refusedCall(services: Handles, name: string, request: unknown): Promise<ContractErrorShape> {
  const envelope = await services.handle(name, request);
  if (envelope.ok) throw new Error(`${name} unexpectedly succeeded`);
  return envelope.error;
}

/** The run a chat.send started; a slash command's output (or anything else) fails the test. */
export function runOf(result: SendResult): { runId: string; conversationId: string } {
  if (result.type !== 'run') throw new Error(`expected a run, got ${result.type}: ${result.type === 'command' ? result.output : ''}`);
  return result;
}
