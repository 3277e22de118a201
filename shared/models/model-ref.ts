import { DEFAULTS } from '../constants';

/**
 * How a model is named across servers: the first server's models keep their plain names, an added
 * server's are `<serverId>::<model>`. Kept apart from `servers.ts` (and its zod schemas) so the
 * renderer can read a reference without bundling the validation.
 */
export const LOCAL_SERVER_ID = 'local';

/** What the first server is called wherever servers are named (the picker, Settings, the sidebar). */
export const LOCAL_SERVER_NAME = 'This computer';

/** A model as every call names it: plain for the first server, `<serverId>::<model>` otherwise. */
export function modelRef(serverId: string, model: string): string {
  return serverId === LOCAL_SERVER_ID ? model : `${serverId}${DEFAULTS.servers.modelRefSeparator}${model}`;
}

/** The server and the server's own model name of a model reference. */
export function parseModelRef(ref: string): { serverId: string; model: string } {
  const at = ref.indexOf(DEFAULTS.servers.modelRefSeparator);
  if (at <= 0) return { serverId: LOCAL_SERVER_ID, model: ref };
  const serverIdPart = ref.slice(0, at);
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(serverIdPart)) return { serverId: LOCAL_SERVER_ID, model: ref };
  return { serverId: serverIdPart, model: ref.slice(at + DEFAULTS.servers.modelRefSeparator.length) };
}
