import { DEFAULTS } from '../../../shared/constants';
import { LOCAL_SERVER_ID, type EngineConfig, type ServerConfig, type ServerKind } from '../../../shared/models/servers';
import type { Settings } from '../../../shared/settings/settings';
import { LOCAL_SERVER_NAME } from '../../../shared/models/model-ref';

export { LOCAL_SERVER_NAME };

/** A server as main uses it: the first one is `ollamaHost` (or the --host flag), the rest are the enabled ones from Settings. */
export interface ResolvedServer {
  id: string;
  name: string;
  kind: ServerKind;
  baseUrl: string;
  headers: Readonly<Record<string, string>>;
  connectTimeoutMs: number;
  toolSupport: Readonly<Record<string, boolean>>;
  /** A built-in server's GGUF file, context and threads (kind "built-in" only). */
  engine?: EngineConfig;
}

export function fromConfig(server: ServerConfig): ResolvedServer {
  return {
    id: server.id,
    name: server.name,
    kind: server.kind,
    baseUrl: server.baseUrl.trim().replace(/\/+$/, ''),
    headers: server.headers,
    connectTimeoutMs: server.connectTimeoutMs,
    toolSupport: server.toolSupport,
    ...(server.engine ? { engine: server.engine } : {}),
  };
}

/** The first server: `ollamaHost`, Ollama unless the CLI said --server-kind openai-compatible. */
export function localServer(settings: Settings, kind: ServerKind = 'ollama'): ResolvedServer {
  return {
    id: LOCAL_SERVER_ID,
    name: LOCAL_SERVER_NAME,
    kind,
    baseUrl: settings.ollamaHost,
    headers: {},
    connectTimeoutMs: DEFAULTS.ollamaProbeTimeoutMs,
    toolSupport: {},
  };
}

/** Every server in use, the first one first; disabled servers are left out. */
export function resolveServers(settings: Settings, localKind: ServerKind = 'ollama'): ResolvedServer[] {
  return [localServer(settings, localKind), ...(settings.servers ?? []).filter((server) => server.enabled).map(fromConfig)];
}
