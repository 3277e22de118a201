import { ContractError } from '../../../../shared/contract/contract-error';
import { LOCAL_SERVER_ID, parseModelRef } from '../../../../shared/models/servers';
import type { AppContext } from '../app-context';

/**
 * A run goes to the server its model reference names, or not at all: a model whose server is not
 * in Settings → Model servers, or is turned off, is refused with words that say so, before any
 * conversation is created or message stored. The reference is never rerouted to another server.
 */
export function checkModelServer(ctx: Pick<AppContext, 'settings'>, model: string): void {
  const { serverId, model: name } = parseModelRef(model);
  if (serverId === LOCAL_SERVER_ID) return;
  const server = (ctx.settings.current().servers ?? []).find((candidate) => candidate.id === serverId);
  if (!server) {
    throw new ContractError(
      'not-found',
      `The model “${name}” is on a server that is no longer in Settings → Model servers. Add the server again, or choose another model.`,
    );
  }
  if (!server.enabled) {
    throw new ContractError(
      'forbidden',
      `${server.name} is turned off in Settings → Model servers, so “${name}” cannot answer. Turn it on, or choose another model.`,
    );
  }
}
