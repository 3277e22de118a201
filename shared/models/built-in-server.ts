import { DEFAULTS } from '../constants';
import { modelRef } from './model-ref';
import { serverSchema, serversSchema, type EngineConfig, type ServerConfig } from './servers';

/** What a built-in server's `baseUrl` holds: never dialled, kept so every server has one address to show. */
export const BUILT_IN_BASE_URL = 'http://built-in.localhost';

export interface BuiltInServerOptions {
  /** Defaults to DEFAULTS.engine.serverId; an existing built-in server with this id is replaced. */
  id?: string;
  name?: string;
  contextSize?: number;
  threads?: number;
}

export interface BuiltInServerChoice {
  /** The servers list to store as Settings.servers (the others unchanged, in order). */
  servers: ServerConfig[];
  server: ServerConfig;
  /** The model reference to store as Settings.defaultModel (or pick in a conversation): `<id>::<file name>`. */
  model: string;
}

/** The name a built-in server's one model goes by: the GGUF file's name (either path separator). */
export function builtInModelName(modelPath: string): string {
  const parts = modelPath.split(/[\\/]/);
  return parts[parts.length - 1] || modelPath;
}

/** A validated built-in server for one GGUF file. Throws a ZodError on a bad path or option. */
export function builtInServerConfig(modelPath: string, options: BuiltInServerOptions = {}): ServerConfig {
  const engine: EngineConfig = {
    modelPath,
    contextSize: options.contextSize ?? DEFAULTS.engine.contextSize,
    threads: options.threads ?? DEFAULTS.engine.threads,
  };
  return serverSchema.parse({
    id: options.id ?? DEFAULTS.engine.serverId,
    name: options.name ?? DEFAULTS.engine.serverName,
    kind: 'built-in',
    baseUrl: BUILT_IN_BASE_URL,
    headers: {},
    allowInsecure: false,
    connectTimeoutMs: DEFAULTS.servers.connectTimeoutMs,
    enabled: true,
    toolSupport: {},
    engine,
  });
}

/**
 * Adds (or updates) the built-in server that runs `modelPath` and says which model reference to
 * select. One built-in server runs one model at a time, so a server with the same id is replaced
 * in place (a new download takes over the built-in server); every other server stays as it was.
 * Throws a ZodError when the path or an option is invalid or the list would be too long.
 */
export function addBuiltInServer(
  servers: readonly ServerConfig[],
  modelPath: string,
  options: BuiltInServerOptions = {},
): BuiltInServerChoice {
  const server = builtInServerConfig(modelPath, options);
  const at = servers.findIndex((candidate) => candidate.id === server.id);
  const next = at === -1 ? [...servers, server] : servers.map((candidate, index) => (index === at ? server : candidate));
  return { servers: serversSchema.parse(next), server, model: modelRef(server.id, builtInModelName(server.engine?.modelPath ?? modelPath)) };
}
