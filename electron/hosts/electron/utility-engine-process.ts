import { utilityProcess } from 'electron';
import { fileURLToPath } from 'node:url';
import type { EngineProcessLauncher } from '../../services/engine/process/engine-process';

/** The bundled engine host beside main's own bundle (electron.vite.config.ts emits out/main/engine-host.js). */
export const ENGINE_HOST_PATH = (): string => fileURLToPath(new URL('./engine-host.js', import.meta.url));

/**
 * The built-in engine's process in the desktop app: an Electron utility process (a Node process
 * Electron starts itself; the fuses leave it on, unlike `runAsNode`). Messages go by
 * postMessage / parentPort. It holds nothing open in main, so `hold` has nothing to do.
 */
export function utilityEngineLauncher(entry: string = ENGINE_HOST_PATH()): EngineProcessLauncher {
  return () => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'TACO built-in engine', stdio: 'inherit' });
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', (code: number) => listener({ code, signal: null })),
      kill: () => {
        child.kill();
      },
      hold: () => undefined,
    };
  };
}
