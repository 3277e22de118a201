import { normaliseOllamaHost } from '../cli/cli-args';

export interface ApiArgs {
  /** Normalised Ollama URL, or undefined to use the stored setting. */
  host: string | undefined;
  port: number;
  key: string;
  dataDir: string | null;
  workspace: string | null;
}

export type ParsedApiArgs = { type: 'help' } | { type: 'run'; options: ApiArgs } | { type: 'error'; message: string };

export const API_USAGE = `Usage: npm run api -- --key KEY [flags]

Serves TACO's OpenAI-compatible API on this machine (127.0.0.1) and prints its address.

Flags:
  --key KEY         The bearer key every request must carry (required; at least 16 characters)
  --host URL        Ollama address (default: the one in Settings)
  --port N          Port to listen on (default 0: any free port)
  --data-dir DIR    Where conversations and settings are kept (default: TACO's app data folder)
  --workspace DIR   Folder the file and shell tools work in (the enhanced endpoint)
  --help            Show this help`;

const FLAGS = ['--host', '--port', '--key', '--data-dir', '--workspace'] as const;
type Flag = (typeof FLAGS)[number];

/** The shortest key accepted: anything shorter is guessable. */
export const MIN_KEY_CHARS = 16;

/** Parses the API host's flags (pure). Values follow the flag or an `=`. */
export function parseApiArgs(argv: readonly string[]): ParsedApiArgs {
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

  const key = values.get('--key')?.trim() ?? '';
  if (key.length < MIN_KEY_CHARS) return { type: 'error', message: `--key is required and must be at least ${MIN_KEY_CHARS} characters.` };

  const hostText = values.get('--host');
  const host = hostText === undefined ? undefined : normaliseOllamaHost(hostText);
  if (host === null)
    return { type: 'error', message: `--host "${hostText}" is not an Ollama address. Use a URL like http://127.0.0.1:11434.` };

  const dataDir = values.get('--data-dir')?.trim() || null;
  const workspace = values.get('--workspace')?.trim() || null;
  return { type: 'run', options: { host, port, key, dataDir, workspace } };
}
