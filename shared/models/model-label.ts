import { LOCAL_SERVER_ID, parseModelRef } from './model-ref';

/** A server as the user named it in Settings → Model servers. */
export interface ServerName {
  id: string;
  name: string;
}

/** How a model reference reads: the server's own model name and the server's display name. */
export interface ModelLabel {
  model: string;
  /** Null for the first server (its models keep their plain names). */
  server: string | null;
  /** "llama3.2:3b · Docs box", or "llama3.2:3b" on the first server. */
  text: string;
}

/** Said of a server no longer in the settings, instead of its internal id. */
export const REMOVED_SERVER_NAME = 'a removed server';

/**
 * A model reference (`<serverId>::<model>` or plain) in words for the sidebar, the header and the
 * composer: never the internal server id.
 */
export function modelLabel(ref: string, servers: readonly ServerName[]): ModelLabel {
  const { serverId, model } = parseModelRef(ref);
  if (serverId === LOCAL_SERVER_ID) return { model, server: null, text: model };
  const server = servers.find((candidate) => candidate.id === serverId)?.name ?? REMOVED_SERVER_NAME;
  return { model, server, text: `${model} · ${server}` };
}
