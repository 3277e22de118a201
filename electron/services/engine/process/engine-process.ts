/**
 * The process the built-in engine runs in, as main sees it: messages out, messages in, and its
 * end. Two implementations start the engine host: Node's `child_process.fork`
 * (fork-engine-process.ts: the web host, the CLI, tests) and Electron's `utilityProcess.fork`
 * (electron/hosts/electron/utility-engine-process.ts: the desktop app).
 */
export interface EngineProcess {
  /** Sends one message (structured-clonable) to the engine host. */
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Once, when the process has ended for any reason (exit, crash, killed by the system). */
  onExit(listener: (how: EngineExit) => void): void;
  /** Ends the process now (SIGKILL where there are signals). */
  kill(): void;
  /** Whether the process keeps main's own process alive: only while a call is waiting on it. */
  hold(held: boolean): void;
}

/** How the engine host ended: an exit code, or the signal that killed it (an OOM kill is SIGKILL). */
export type EngineExit = { code: number | null; signal: string | null };

/** Starts one engine host process. */
export type EngineProcessLauncher = () => EngineProcess;
