import { readFlags, readFolder, readOllamaHost, readPort } from '../host-command';

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

/** The shortest key accepted: anything shorter is guessable. */
export const MIN_KEY_CHARS = 16;

/** Parses the API host's flags (pure). Values follow the flag or an `=`. */
export function parseApiArgs(argv: readonly string[]): ParsedApiArgs {
  const read = readFlags(argv, FLAGS);
  if (read.type !== 'flags') return read;
  const port = readPort(read.values);
  if ('error' in port) return { type: 'error', message: port.error };
  const key = read.values.get('--key')?.trim() ?? '';
  if (key.length < MIN_KEY_CHARS) return { type: 'error', message: `--key is required and must be at least ${MIN_KEY_CHARS} characters.` };
  const host = readOllamaHost(read.values);
  if ('error' in host) return { type: 'error', message: host.error };
  return {
    type: 'run',
    options: {
      host: host.host,
      port: port.port,
      key,
      dataDir: readFolder(read.values, '--data-dir'),
      workspace: readFolder(read.values, '--workspace'),
    },
  };
}
