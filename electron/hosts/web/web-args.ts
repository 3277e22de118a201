import { normaliseOllamaHost } from '../cli/cli-args';

export interface WebArgs {
  /** Normalised Ollama URL, or undefined to use the stored setting. */
  host: string | undefined;
  port: number;
  dataDir: string | null;
  workspace: string | null;
  /** The built renderer to serve, or null for renderer/dist. */
  staticDir: string | null;
}

export type ParsedWebArgs = { type: 'help' } | { type: 'run'; options: WebArgs } | { type: 'error'; message: string };

export const WEB_USAGE = `Usage: npm run web -- [flags]

Serves TACO to your browser on this machine (127.0.0.1) and prints the address to open.

Flags:
  --host URL        Ollama address (default: the one in Settings)
  --port N          Port to listen on (default 0: any free port)
  --data-dir DIR    Where conversations and settings are kept (default: TACO's app data folder)
  --workspace DIR   Folder the file and shell tools work in
  --static-dir DIR  The built renderer to serve (default: renderer/dist)
  --help            Show this help`;

const FLAGS = ['--host', '--port', '--data-dir', '--workspace', '--static-dir'] as const;
type Flag = (typeof FLAGS)[number];

/** Parses the web host's flags (pure). Values follow the flag or an `=`. */
export function parseWebArgs(argv: readonly string[]): ParsedWebArgs {
  const values = new Map<Flag, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') return { type: 'help' };
    const at = arg.indexOf('=');
    const name = at < 0 ? arg : arg.slice(0, at);
    if (!(FLAGS as readonly string[]).includes(name)) return { type: 'error', message: `Unknown argument ${arg}.` };
    let value = at < 0 ? undefined : arg.slice(at + 1);
    if (value === undefined) {
      value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) return { type: 'error', message: `${name} needs a value.` };
      index += 1;
    }
    values.set(name as Flag, value);
  }

  const portText = values.get('--port') ?? '0';
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    return { type: 'error', message: `--port must be a number from 0 to 65535 (got "${portText}").` };

  const hostText = values.get('--host');
  const host = hostText === undefined ? undefined : normaliseOllamaHost(hostText);
  if (host === null)
    return { type: 'error', message: `--host "${hostText}" is not an Ollama address. Use a URL like http://127.0.0.1:11434.` };

  const dataDir = values.get('--data-dir')?.trim() || null;
  const workspace = values.get('--workspace')?.trim() || null;
  const staticDir = values.get('--static-dir')?.trim() || null;
  return { type: 'run', options: { host, port, dataDir, workspace, staticDir } };
}
