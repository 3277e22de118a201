import type { LocalApiConfig, LocalApiStatus } from '../../../shared/settings/local-api';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { AppServices } from '../../services/app/app-services-types';
import {
  createLocalApiConfigStore,
  generateApiKey,
  hashApiKey,
  keyMatchesHash,
  type LocalApiConfigStore,
} from '../../services/local-api/local-api-config';
import type { LocalApiPort } from '../../services/local-api/local-api-port';
import { resolveServers } from '../../services/servers/resolved-server';
import type { ModelListResult } from '../../../shared/models/models';
import { startApiServer, type ApiServer } from './api-server';
import { tacoRoutes } from './routes/taco-routes';
import { APP_APPROVALS_OFF } from './routes/api-approvals';

export interface LocalApiControllerDeps {
  dataDir: string;
  /** The app's services (created after the controller: read when the API starts). */
  services(): AppServices;
  store?: LocalApiConfigStore;
}

export interface LocalApiController extends LocalApiPort {
  /** Starts the API if Settings say so (at app start). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings → Local API in the desktop app: starts, moves and stops TACO's API as the user
 * changes it, over the app's own services. The key is checked against the stored hash at each
 * request, so a rotated key takes effect at once and the old one stops working.
 */
export function createLocalApiController(deps: LocalApiControllerDeps): LocalApiController {
  const store = deps.store ?? createLocalApiConfigStore(deps.dataDir);
  let config: LocalApiConfig | null = null;
  let server: ApiServer | null = null;
  let problem: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  }

  async function current(): Promise<LocalApiConfig> {
    config ??= await store.read();
    return config;
  }

  async function apply(): Promise<void> {
    const wanted = await current();
    const listen = wanted.enabled && wanted.keyHash !== null;
    if (server && (!listen || (wanted.port !== 0 && server.port !== wanted.port))) {
      await server.close();
      server = null;
    }
    problem = wanted.enabled && wanted.keyHash === null ? 'Generate a key first: clients must send it.' : null;
    if (!listen || server) return;
    const services = deps.services();
    try {
      server = await startApiServer({
        port: wanted.port,
        keyMatches: (given) => config?.keyHash != null && keyMatchesHash(config.keyHash, given),
        servers: () => resolveServers(services.settings()),
        listModels: async () => {
          const envelope = await services.handle('models.list', {});
          return envelope.ok
            ? (envelope.value as ModelListResult)
            : { type: 'error', host: services.settings().ollamaHost, message: envelope.error.message };
        },
        routes: tacoRoutes(services, {
          dataDir: deps.dataDir,
          // Read at each answer: the switch applies at once. Off, the call waits for the window.
          approvals: { allowed: () => config?.allowApprovals === true, offMessage: APP_APPROVALS_OFF },
        }),
      });
    } catch (error) {
      problem = `TACO could not listen on 127.0.0.1:${wanted.port}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async function status(): Promise<LocalApiStatus> {
    const now = await current();
    return {
      type: 'ready',
      enabled: now.enabled,
      port: now.port,
      hasKey: now.keyHash !== null,
      allowApprovals: now.allowApprovals,
      url: server?.url ?? null,
      problem,
    };
  }

  return {
    start: () => serially(apply),
    status: () => serially(status),
    configure: (change: ValidCallRequest<'localApi.set'>) =>
      serially(async () => {
        const next = { ...(await current()), ...change };
        await store.write(next);
        config = next;
        await apply();
        return status();
      }),
    rotateKey: () =>
      serially(async () => {
        const key = generateApiKey();
        const next = { ...(await current()), keyHash: hashApiKey(key) };
        await store.write(next);
        config = next;
        await apply();
        return { key, status: await status() };
      }),
    close: () =>
      serially(async () => {
        await server?.close();
        server = null;
      }),
  };
}
