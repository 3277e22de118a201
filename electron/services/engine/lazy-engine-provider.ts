import type { EngineConfig } from '../../../shared/models/servers';
import type { ChatProvider } from '../provider/provider-types';
import { createEngineClient, type EngineClient } from './process/engine-client';
import type { EngineProcessLauncher } from './process/engine-process';
import { forkEngineLauncher } from './process/fork-engine-process';
import { createProcessEngineProvider } from './process/process-engine-provider';

const clients = new WeakMap<EngineProcessLauncher, EngineClient>();
let defaultLauncher: EngineProcessLauncher | null = null;

/** The one engine client of a launcher: every built-in server of the app shares one engine host. */
export function engineClientFor(launcher: EngineProcessLauncher): EngineClient {
  let client = clients.get(launcher);
  if (!client) {
    client = createEngineClient({ launch: launcher });
    clients.set(launcher, client);
  }
  return client;
}

/**
 * The built-in engine's provider in main. Nothing of node-llama-cpp loads here: the engine host
 * (a process of its own, started by `launcher` on the first call that needs the model) owns it.
 * Without a launcher the host is forked from source (the CLI, tests); bundled hosts pass theirs.
 */
export function createLazyEngineProvider(serverId: string, engine: EngineConfig, launcher?: EngineProcessLauncher): ChatProvider {
  return createProcessEngineProvider({ serverId, engine }, engineClientFor(launcher ?? (defaultLauncher ??= forkEngineLauncher())));
}
