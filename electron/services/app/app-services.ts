import type { AppServices, AppServicesOptions } from './app-services-types';
import { composeAppServices } from './compose-app-services';
import { defaultPorts } from './default-ports';
import { createServerProvider } from '../servers/server-providers';

export type { AppServices, AppServicesOptions } from './app-services-types';

/**
 * The app services every host wraps (Electron IPC, the web host's WebSocket, the CLI): the real
 * provider, loop, tools, orchestration and store, with any part replaceable through `ports`.
 * Rejects with a message naming the file and field when the tool catalogue is invalid.
 */
export function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { engineProcess } = options;
  const engine = engineProcess
    ? { createServerProvider: (...args: Parameters<typeof createServerProvider>) => createServerProvider(args[0], args[1], engineProcess) }
    : {};
  return composeAppServices(options, { ...defaultPorts, ...engine, ...options.ports });
}
