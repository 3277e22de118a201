import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EngineProcessLauncher } from './engine-process';

/**
 * The engine host's entry when main runs from source (tsx, vitest, the CLI): the TypeScript file,
 * run by Node with tsx's loader. Bundled hosts pass the built file instead (the web host:
 * out/web/engine-host.js; Electron: out/main/engine-host.js).
 */
export const SOURCE_ENGINE_HOST = fileURLToPath(new URL('./engine-host-main.ts', import.meta.url));

/** A launcher that runs the engine host at `entry` with `child_process.fork` (plain Node: the web host, the CLI, tests). */
export function forkEngineLauncher(entry: string = SOURCE_ENGINE_HOST): EngineProcessLauncher {
  const execArgv = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return () => {
    const child = fork(entry, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    return {
      send: (message) => {
        if (child.connected) child.send(message as never);
      },
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => {
        let told = false;
        const tell = (code: number | null, signal: NodeJS.Signals | null): void => {
          if (told) return;
          told = true;
          listener({ code, signal });
        };
        child.once('exit', tell);
        child.once('error', () => tell(child.exitCode, child.signalCode));
      },
      kill: () => {
        child.kill('SIGKILL');
      },
      hold: (held) => {
        if (held) {
          child.ref();
          child.channel?.ref();
        } else {
          child.unref();
          child.channel?.unref();
        }
      },
    };
  };
}
