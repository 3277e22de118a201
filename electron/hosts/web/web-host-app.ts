import type { ServerResponse } from 'node:http';
import type { AppServices, AppServicesOptions } from '../../services/app/app-services-types';
import { servePrintView } from './pages/print-view';
import type { AccessSecrets } from './security/session-cookie';
import { createWsGateway, type WsGateway } from './ws-gateway';

/** What the web host's WebSocket and print view need of main. */
export type HostServices = Pick<AppServices, 'handle' | 'subscribe' | 'subscribeModelEvents'>;

/**
 * The half of the web host that needs main: the app services, the WebSocket gateway over them and
 * the print view. The host imports this module (and with it the services, the contract's schemas
 * and the tools) only after it listens, so the page's files are served while it loads.
 */
export interface WebHostApp {
  services: HostServices;
  gateway: WsGateway;
  servePrint(response: ServerResponse, conversationId: string, method: string | undefined): Promise<void>;
  /** Closes the gateway and disposes services the host made itself. */
  close(): Promise<void>;
}

export interface WebHostAppInput {
  services: AppServicesOptions | { given: AppServices } | { make: () => Promise<AppServices> };
  secrets: AccessSecrets;
  port: () => number;
}

/** The services' code, loaded apart from the gateway's: a failure to load it reaches the page like any other. */
async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { createAppServices: create } = await import('../../services/app/app-services');
  return create(options);
}

/**
 * Makes the services and the gateway. When making the services fails (a bad tool catalogue, a data
 * folder that cannot be opened), the gateway still runs and every call is answered with an error
 * that says why, so the page shows the reason instead of a connection that never comes; the reason
 * is also written to stderr for whoever started the host.
 */
export async function makeWebHostApp(input: WebHostAppInput): Promise<WebHostApp> {
  let services: HostServices;
  let own: AppServices | null = null;
  try {
    if ('given' in input.services) services = input.services.given;
    else {
      own = 'make' in input.services ? await input.services.make() : await createAppServices(input.services);
      services = own;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`TACO could not start: ${reason}\n`);
    services = unavailableServices(`TACO could not start: ${reason}`);
  }
  const gateway = createWsGateway({ services, secrets: input.secrets, port: input.port });
  return {
    services,
    gateway,
    servePrint: (response, conversationId, method) => servePrintView(response, services, conversationId, method),
    async close() {
      await gateway.close();
      await own?.dispose();
    },
  };
}

/** Services that could not be made: every call answers `message`, no events ever come. */
export function unavailableServices(message: string): HostServices {
  return {
    handle: async () => ({ ok: false, error: { code: 'internal', message } }),
    subscribe: () => () => undefined,
    subscribeModelEvents: () => () => undefined,
  };
}
