import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULTS } from '../../../../shared/constants';
import { childStdio } from '../../../../tools/shell/child-descriptors';
import { createStderrTail, type StderrTail } from './stderr-tail';

export interface ProcessGroupTransportOptions {
  /** An absolute path (see command-resolver.ts): never process.execPath, never looked up again here. */
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd: string | undefined;
  platform?: NodeJS.Platform;
  /** Called once the process has ended or could not start (the sandbox's network proxy stops then). */
  afterExit?: () => void;
}

/** How the process ended, in words for the status and for an in-flight call. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * The MCP stdio transport, spawning the server in its own process group (detached on POSIX) so
 * that stopping it stops everything it started (`npx` → node → the server): SIGTERM to the group,
 * SIGKILL after DEFAULTS.mcp.killGraceMs. The SDK's StdioClientTransport kills only the child it
 * spawned, which leaves npx's grandchildren behind. Windows: `taskkill /T /F` ends the tree.
 * stderr is kept as a short tail for the settings screen; it is never logged.
 */
export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly stderr: StderrTail = createStderrTail();
  exit: ProcessExit | null = null;
  private child: ChildProcess | null = null;
  private readonly buffer = new ReadBuffer({ maxBufferSize: DEFAULTS.mcp.maxMessageBytes });
  private readonly platform: NodeJS.Platform;
  private closed: Promise<void> | null = null;

  constructor(private readonly options: ProcessGroupTransportOptions) {
    this.platform = options.platform ?? process.platform;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('The MCP server process was already started.');
    const windows = this.platform === 'win32';
    const { command, args, verbatim } = windows
      ? windowsInvocation(this.options.file, this.options.args)
      : { command: this.options.file, args: this.options.args, verbatim: false };
    return new Promise((resolve, reject) => {
      // None of the descriptors TACO was started with (a socket among them) reach the server.
      const descriptors = childStdio(['pipe', 'pipe', 'pipe']);
      let child: ChildProcess;
      try {
        child = spawn(command, args, {
          env: this.options.env,
          cwd: this.options.cwd,
          stdio: descriptors.stdio,
          detached: !windows,
          windowsHide: true,
          windowsVerbatimArguments: verbatim,
          shell: false,
        });
      } finally {
        descriptors.release();
      }
      this.child = child;
      if (child.pid !== undefined) trackGroup(child.pid, windows);
      child.once('error', (error) => {
        this.options.afterExit?.();
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('close', (code, signal) => {
        this.exit = { code, signal };
        // What the server started (npx's node, a shell's children) must not outlive it.
        if (child.pid !== undefined) {
          this.signalGroup(child.pid, 'SIGKILL');
          untrackGroup(child.pid);
        }
        this.child = null;
        this.options.afterExit?.();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
          for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          // A line over the cap was dropped half-read: the stream is out of step and the call it
          // answered would wait for its timeout. End the server; its calls fail at once.
          if (error instanceof Error && /exceeded maximum size/.test(error.message)) void this.close();
        }
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error('The MCP server process is not running.'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the whole process group; resolves once the server's process has exited (or was killed). */
  close(): Promise<void> {
    this.closed ??= this.stop();
    return this.closed;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    this.signalGroup(child.pid, 'SIGTERM');
    const gone = await Promise.race([exited.then(() => true), delay(DEFAULTS.mcp.killGraceMs).then(() => false)]);
    // The child may be gone while its group lives on (npx's server): the group gets SIGKILL either way.
    this.signalGroup(child.pid, 'SIGKILL');
    if (!gone) await Promise.race([exited, delay(DEFAULTS.mcp.killGraceMs)]);
  }

  private signalGroup(pid: number, signal: NodeJS.Signals): void {
    try {
      if (this.platform === 'win32') {
        // Windows has no process groups or SIGTERM: taskkill /T /F ends the whole tree.
        spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' }).on('error', () => undefined);
      } else {
        process.kill(-pid, signal);
      }
    } catch {
      // Already gone.
    }
  }
}

/** Groups still running, ended with SIGKILL if TACO exits without stopping them (process.exit, a crash in main). */
const liveGroups = new Map<number, boolean>();
let exitHookInstalled = false;

function trackGroup(pid: number, windows: boolean): void {
  liveGroups.set(pid, windows);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [groupPid, onWindows] of liveGroups) {
      try {
        if (onWindows) process.kill(groupPid, 'SIGKILL');
        else process.kill(-groupPid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
}

function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Windows cannot start a `.cmd`/`.bat` shim (npx.cmd, uvx.cmd) without cmd.exe: it is run through
 * `cmd.exe /d /s /c "<quoted line>"` with each argument quoted and cmd's metacharacters escaped.
 */
function windowsInvocation(file: string, args: string[]): { command: string; args: string[]; verbatim: boolean } {
  if (!/\.(cmd|bat)$/i.test(file)) return { command: file, args, verbatim: false };
  const line = [file, ...args].map(quoteForCmd).join(' ');
  return { command: process.env.ComSpec ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], verbatim: true };
}

function quoteForCmd(arg: string): string {
  const quoted = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')}"`;
  return quoted.replace(/[()%!^"<>&|]/g, '^$&');
}
