import { readFlags, readFolder, readOllamaHost, readPort } from '../host-command';

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

/** Parses the web host's flags (pure). Values follow the flag or an `=`. */
export function parseWebArgs(argv: readonly string[]): ParsedWebArgs {
  const read = readFlags(argv, FLAGS);
  if (read.type !== 'flags') return read;
  const port = readPort(read.values);
  if ('error' in port) return { type: 'error', message: port.error };
  const host = readOllamaHost(read.values);
  if ('error' in host) return { type: 'error', message: host.error };
  return {
    type: 'run',
    options: {
      host: host.host,
      port: port.port,
      dataDir: readFolder(read.values, '--data-dir'),
      workspace: readFolder(read.values, '--workspace'),
      staticDir: readFolder(read.values, '--static-dir'),
    },
  };
}
