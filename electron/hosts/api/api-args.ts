import { readFlags, readFolder, readOllamaHost, readPort } from '../host-command';
import { API_KEY_ENV, MIN_KEY_CHARS } from '../../services/local-api/headless-api-command';

export { API_KEY_ENV, MIN_KEY_CHARS };

/** Where the key comes from: never the command line, which every local user can read (`ps`, /proc/<pid>/cmdline). */
export type ApiKeySource = { type: 'env'; value: string } | { type: 'file'; path: string };

export interface ApiArgs {
  /** Normalised Ollama URL, or undefined to use the stored setting. */
  host: string | undefined;
  port: number;
  key: ApiKeySource;
  dataDir: string | null;
  workspace: string | null;
  /** `--allow-api-approvals`: the key holder may answer approvals (run risky tools); off, they are refused. */
  allowApprovals: boolean;
}

export type ParsedApiArgs = { type: 'help' } | { type: 'run'; options: ApiArgs } | { type: 'error'; message: string };

export const ALLOW_APPROVALS_FLAG = '--allow-api-approvals';

export const API_USAGE = `Usage: TACO_API_KEY=KEY npm run api -- [flags]
       npm run api -- --key-file FILE [flags]

Serves TACO's OpenAI-compatible API on this machine (127.0.0.1) and prints its address.

The bearer key every request must carry (at least 16 characters) comes from the environment
variable ${API_KEY_ENV} or from a file only you can read (chmod 600), never from the command line.

Flags:
  --key-file FILE         Read the key from FILE (must not be readable by group or others)
  --host URL              Ollama address (default: the one in Settings)
  --port N                Port to listen on (default 0: any free port)
  --data-dir DIR          Where conversations and settings are kept (default: TACO's app data folder)
  --workspace DIR         Folder the file and shell tools work in (the enhanced endpoint)
  ${ALLOW_APPROVALS_FLAG}   Let API clients answer approvals (and so run risky tools unattended);
                          without it a risky call is refused
  --help                  Show this help`;

const FLAGS = ['--host', '--port', '--key', '--key-file', '--data-dir', '--workspace'] as const;

export const KEY_ON_COMMAND_LINE = `--key is refused: a key on the command line can be read by every user of this computer (ps, /proc/<pid>/cmdline). Set ${API_KEY_ENV} in the environment, or pass --key-file FILE (a file only you can read: chmod 600 FILE).`;

/** Parses the API host's flags and the key's environment variable (pure). Values follow the flag or an `=`. */
export function parseApiArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ParsedApiArgs {
  const allowApprovals = argv.includes(ALLOW_APPROVALS_FLAG);
  const read = readFlags(
    argv.filter((arg) => arg !== ALLOW_APPROVALS_FLAG),
    FLAGS,
  );
  if (read.type !== 'flags') return read;
  const port = readPort(read.values);
  if ('error' in port) return { type: 'error', message: port.error };
  const key = keySource(read.values, env);
  if ('error' in key) return { type: 'error', message: key.error };
  const host = readOllamaHost(read.values);
  if ('error' in host) return { type: 'error', message: host.error };
  return {
    type: 'run',
    options: {
      host: host.host,
      port: port.port,
      key: key.source,
      dataDir: readFolder(read.values, '--data-dir'),
      workspace: readFolder(read.values, '--workspace'),
      allowApprovals,
    },
  };
}

function keySource(
  values: ReadonlyMap<string, string>,
  env: Readonly<Record<string, string | undefined>>,
): { source: ApiKeySource } | { error: string } {
  if (values.has('--key')) return { error: KEY_ON_COMMAND_LINE };
  const path = values.get('--key-file')?.trim();
  const fromEnv = env[API_KEY_ENV]?.trim() ?? '';
  if (path && fromEnv) return { error: `Give the key one way: ${API_KEY_ENV} or --key-file, not both.` };
  if (path) return { source: { type: 'file', path } };
  if (fromEnv.length < MIN_KEY_CHARS) {
    return {
      error:
        fromEnv === ''
          ? `A key is required: set ${API_KEY_ENV} or pass --key-file FILE (at least ${MIN_KEY_CHARS} characters).`
          : `${API_KEY_ENV} must be at least ${MIN_KEY_CHARS} characters.`,
    };
  }
  return { source: { type: 'env', value: fromEnv } };
}
