import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';

export type ResolvedCommand = { type: 'found'; file: string; searched: string[] } | { type: 'missing'; message: string };

export interface ResolveOptions {
  /** The PATH to search (see userPath). */
  pathValue: string;
  /** Relative commands ("./server.js") and `cwd`-relative paths resolve against this. */
  cwd: string;
  platform?: NodeJS.Platform;
  /** Windows: PATHEXT (".COM;.EXE;.BAT;.CMD"). */
  pathExt?: string;
}

/**
 * Finds the file a server command names, the way a shell would: a path is checked as it is;
 * a bare name ("npx", "uvx", "node") is looked up in every PATH folder (on Windows with each
 * PATHEXT extension, so `npx` finds `npx.cmd`). A miss says exactly what was tried.
 */
export function resolveCommand(command: string, options: ResolveOptions): ResolvedCommand {
  const platform = options.platform ?? process.platform;
  const windows = platform === 'win32';
  // Windows: PATHEXT first (npm installs an extension-less `npx` bash script beside `npx.cmd`).
  const pathExt = (options.pathExt ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD')
    .split(';')
    .filter(Boolean)
    .map((ext) => ext.toLowerCase());
  const extensions = windows ? (path.extname(command) ? ['', ...pathExt] : pathExt) : [''];
  const hasSeparator = command.includes('/') || (windows && command.includes('\\'));
  const candidates: string[] = [];
  if (hasSeparator || path.isAbsolute(command)) {
    const base = path.resolve(options.cwd, command);
    for (const ext of extensions) candidates.push(base + ext);
  } else {
    const folders = options.pathValue.split(windows ? ';' : path.delimiter).filter(Boolean);
    for (const folder of folders) for (const ext of extensions) candidates.push(path.join(folder, command + ext));
  }
  for (const candidate of candidates) if (isRunnable(candidate, windows)) return { type: 'found', file: candidate, searched: candidates };
  return { type: 'missing', message: missingMessage(command, candidates, hasSeparator, windows) };
}

function isRunnable(file: string, windows: boolean): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (!windows) accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function missingMessage(command: string, tried: string[], isPath: boolean, windows: boolean): string {
  const shown = tried.length > 12 ? [...tried.slice(0, 12), `… ${tried.length - 12} more`] : tried;
  const triedText = shown.length > 0 ? shown.join(', ') : '(PATH is empty)';
  const hint = /^(npx|npm|node)$/i.test(command)
    ? 'Install Node.js (https://nodejs.org) or give the full path to the command.'
    : /^(uvx|uv)$/i.test(command)
      ? 'Install uv (https://docs.astral.sh/uv/) or give the full path to the command.'
      : 'Install it, or give the full path to the command in the server settings.';
  if (isPath) return `\`${command}\` was not found or is not executable (tried: ${triedText}). ${hint}`;
  return `\`${command}\` was not found on PATH${windows ? ' (with PATHEXT extensions)' : ''} (tried: ${triedText}). ${hint}`;
}

let cachedLoginPath: Promise<string | null> | null = null;

/**
 * The PATH a server should see: the user's login-shell PATH on macOS/Linux (an app started from
 * the Dock or a desktop launcher gets a minimal PATH without Homebrew, nvm or ~/.local/bin),
 * followed by this process's PATH. Windows: this process's PATH. Asked once, then cached.
 */
export async function userPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const own = env.PATH ?? env.Path ?? '';
  if (platform === 'win32') return own;
  cachedLoginPath ??= loginShellPath(env);
  const login = await cachedLoginPath;
  if (!login) return own;
  const seen = new Set<string>();
  return [...login.split(':'), ...own.split(':')].filter((dir) => dir && !seen.has(dir) && seen.add(dir)).join(':');
}

const MARK = '__TACO_PATH__';

/**
 * Asks the login shell for its PATH. The answer is taken as soon as both marks have arrived, and
 * after `loginShellTimeoutMs` the shell is given up on (and stopped) whether or not its output has
 * closed: a program the shell's start-up files left running (pyenv's rehash waiting on a stale
 * lock, an agent) keeps that output open long after the shell is gone, and no server may wait on it.
 */
function loginShellPath(env: NodeJS.ProcessEnv): Promise<string | null> {
  const shell = env.SHELL && path.isAbsolute(env.SHELL) ? env.SHELL : '/bin/sh';
  return new Promise((resolve) => {
    const child = spawn(shell, ['-ilc', `printf '%s' "${MARK}$PATH${MARK}"`], {
      env: { ...env, TERM: 'dumb' },
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    });
    let output = '';
    let settled = false;
    const finish = (value: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.destroy();
      child.unref();
      resolve(value);
    };
    const answer = (): string | null => new RegExp(`${MARK}(.*)${MARK}`, 's').exec(output)?.[1] ?? null;
    const timer = setTimeout(() => {
      child.kill();
      finish(null);
    }, DEFAULTS.mcp.loginShellTimeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const found = answer();
      if (found !== null) finish(found);
    });
    child.on('error', () => finish(null));
    child.stdout.on('close', () => finish(answer()));
  });
}
