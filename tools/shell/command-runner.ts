import { spawn, type ChildProcess } from 'node:child_process';
import { ToolFailure } from '../catalogue/tool-runtime-types';
import { childStdio } from './child-descriptors';
import { createOutputCollector } from './output-collector';
import { commandEnvironment } from './command-environment';

export interface CommandLimits {
  timeoutMs: number;
  /** Per stream (stdout, stderr): the head and the tail are kept. */
  maxOutputChars: number;
}

export interface CommandResult {
  exitCode: number | null;
  /** The signal that ended the process, e.g. "SIGKILL" after a timeout. */
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
}

/** A program to start instead of the shell line (the OS sandbox wrapping it); absent: the line through the system's shell. */
export interface ProgramInvocation {
  file: string;
  args: string[];
}

/**
 * Runs a shell command line in `cwd` (or `invocation`, the sandbox that runs that line). stdin is closed; stdout and stderr are capped. On timeout
 * or abort the whole process tree is killed (its own process group on POSIX, taskkill /T on
 * Windows). A timeout resolves with `timedOut`; an abort rejects with a ToolFailure.
 */
export function runShellCommand(
  command: string,
  options: CommandLimits & { cwd: string; signal: AbortSignal; invocation?: ProgramInvocation },
): Promise<CommandResult> {
  if (options.signal.aborted) return Promise.reject(stopped());
  return new Promise((resolve, reject) => {
    // None of the descriptors TACO was started with (a socket among them) reach the command.
    const descriptors = childStdio(['ignore', 'pipe', 'pipe']);
    const spawnOptions = {
      cwd: options.cwd,
      detached: process.platform !== 'win32',
      stdio: descriptors.stdio,
      windowsHide: true,
      // TACO's own and secret-named variables stay out of the command's reach.
      env: commandEnvironment(process.env),
    };
    let child: ChildProcess;
    try {
      child = options.invocation
        ? spawn(options.invocation.file, options.invocation.args, { ...spawnOptions, shell: false })
        : spawn(command, { ...spawnOptions, shell: true });
    } finally {
      descriptors.release();
    }
    const stdout = createOutputCollector(options.maxOutputChars);
    const stderr = createOutputCollector(options.maxOutputChars);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));

    let timedOut = false;
    let aborted = false;
    const stop = () => {
      killTree(child);
      // A grandchild that left the process group may still hold the pipes open.
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };

    child.once('error', (error) => {
      cleanUp();
      reject(new ToolFailure(`The command could not be started (${error.message}).`));
    });
    child.once('close', (code, signal) => {
      cleanUp();
      if (aborted) {
        reject(stopped());
        return;
      }
      resolve({
        exitCode: code,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        timedOut,
        truncated: stdout.truncated() || stderr.truncated(),
      });
    });
  });
}

function stopped(): ToolFailure {
  return new ToolFailure('The command was stopped because the run was cancelled.');
}

function killTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).once('error', () => child.kill());
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
