import { parseModelRef } from '../../../shared/models/servers';
import type { ResolvedServer } from '../servers/resolved-server';
import type { ForwardTarget } from './forward-types';
import { GatewayError } from './openai-error';

/**
 * The server a model name is on, as the app routes it (`<serverId>::<model>` for an added server,
 * plain for the first one; `electron/services/servers/server-router.ts`): a server that is gone or
 * turned off is a 404 that says so.
 */
export function routeModel(ref: string, servers: readonly ResolvedServer[]): ForwardTarget {
  const { serverId, model } = parseModelRef(ref);
  const server = servers.find((candidate) => candidate.id === serverId);
  if (!server)
    throw new GatewayError(
      404,
      `The model “${ref}” is on the server “${serverId}”, which is not in TACO's Settings → Model servers (or is turned off).`,
      'model_not_found',
      'model',
    );
  return { server, model, ref };
}
