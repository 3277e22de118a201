import type { ModelListResult } from '../../../shared/models/models';
import { createAppServices } from '../../services/app/app-services';
import type { AppServices } from '../../services/app/app-services-types';
import { resolveServers } from '../../services/servers/resolved-server';
import { tokensMatch } from '../web/security/access-token';
import { DEFAULTS } from '../../../shared/constants';
import { HEADLESS_APPROVALS_OFF, refusingApprovalGate } from './routes/api-approvals';
import { startApiServer, type ApiServer, type ExtraRoute } from './api-server';
import type { RouteContext } from './routes/route-context';

export interface ApiHostOptions {
  port: number;
  key: string;
  dataDir: string;
  workspace?: string | null;
  /** Ollama host (a --host flag): overrides the stored setting. */
  ollamaHost?: string;
  /** Use these services instead of building them (tests, the Electron app). The host does not dispose them. */
  services?: AppServices;
  /** Routes beyond the passthrough, given the services (the enhanced endpoint, the prompt library). */
  routes?: (services: AppServices, context: RouteContext) => readonly ExtraRoute[];
  /**
   * `--allow-api-approvals`: API clients may answer approvals (default `DEFAULTS.gateway.allowApiApprovals`,
   * off). Off, the approval endpoint answers 403 and, on services the host builds (no window to
   * answer), a call that needs approval is refused at once.
   */
  allowApprovals?: boolean;
  fetch?: typeof fetch;
}

export interface ApiHost extends ApiServer {
  services: AppServices;
}

/** The API over the app services: the servers and models are the app's own, read at each request. */
export async function startApiHost(options: ApiHostOptions): Promise<ApiHost> {
  const ownServices = !options.services;
  const allowApprovals = options.allowApprovals ?? DEFAULTS.gateway.allowApiApprovals;
  const services =
    options.services ??
    (await createAppServices({
      dataDir: options.dataDir,
      workspace: options.workspace,
      ollamaHost: options.ollamaHost,
      // Headless: no window opens links; the guard's answer is all there is.
      openExternal: async () => undefined,
      // Headless: no window answers approvals either; unless API clients may, risky calls are refused.
      ...(allowApprovals ? {} : { gates: () => ({ approvals: refusingApprovalGate() }) }),
    }));
  try {
    const server = await startApiServer({
      port: options.port,
      keyMatches: (given) => tokensMatch(options.key, given),
      servers: () => resolveServers(services.settings()),
      listModels: () => listModels(services),
      providerFor: (server) => services.serverProvider(server),
      routes:
        options.routes?.(services, {
          dataDir: options.dataDir,
          approvals: { allowed: () => allowApprovals, offMessage: HEADLESS_APPROVALS_OFF },
        }) ?? [],
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return {
      ...server,
      services,
      async close() {
        await server.close();
        if (ownServices) await services.dispose();
      },
    };
  } catch (error) {
    if (ownServices) await services.dispose();
    throw error;
  }
}

async function listModels(services: AppServices): Promise<ModelListResult> {
  const envelope = await services.handle('models.list', {});
  if (!envelope.ok) return { type: 'error', host: services.settings().ollamaHost, message: envelope.error.message };
  return envelope.value as ModelListResult;
}
