import type { ChatProvider } from '../../provider/provider-types';
import { serveEngineHost, type HostChannel } from './engine-host-serve';
import type { EngineTarget } from './engine-protocol';

/**
 * The engine host: a process of its own that owns node-llama-cpp and the loaded model, so loading
 * and generating never hold main's event loop, and a model that crashes or is killed for memory
 * takes only this process down. Started by `child_process.fork` (messages on `process`) or by
 * Electron's `utilityProcess.fork` (messages on `process.parentPort`).
 */
interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

function channel(): HostChannel {
  const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
  if (parentPort)
    return {
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
      send: (message) => parentPort.postMessage(message),
      exit: () => process.exit(0),
    };
  // Forked: when main goes away (its end, a crash), so does the engine.
  process.on('disconnect', () => process.exit(0));
  return {
    onMessage: (listener) => process.on('message', listener),
    send: (message) => process.send?.(message),
    exit: () => process.exit(0),
  };
}

const providers = new Map<string, ChatProvider>();
serveEngineHost(channel(), {
  async providerFor(target: EngineTarget) {
    const key = JSON.stringify(target);
    let provider = providers.get(key);
    if (!provider) {
      const { createEngineProvider } = await import('../engine-provider');
      provider = createEngineProvider(
        target.runtime ? { serverId: target.serverId, engine: target.engine, runtime: target.runtime } : target,
      );
      providers.set(key, provider);
    }
    return provider;
  },
  async unload() {
    const { unloadEngineModel } = await import('../engine-model');
    await unloadEngineModel();
  },
});
