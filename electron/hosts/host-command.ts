import { normaliseOllamaHost } from './cli/cli-args';

/**
 * What the command-line servers (`npm run web`, `npm run api`) share: reading their flags, and
 * running until a signal stops them. Each host keeps its own flags, usage and order of checks.
 */

export type FlagRead<F extends string> =
  { type: 'help' } | { type: 'error'; message: string } | { type: 'flags'; values: ReadonlyMap<F, string> };

/** Reads `--flag value` or `--flag=value` (pure). `--help` or `-h` wins; an unknown flag or a flag without a value is an error. */
export function readFlags<F extends string>(argv: readonly string[], flags: readonly F[]): FlagRead<F> {
  const values = new Map<F, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') return { type: 'help' };
    const at = arg.indexOf('=');
    const name = at < 0 ? arg : arg.slice(0, at);
    if (!(flags as readonly string[]).includes(name)) return { type: 'error', message: `Unknown argument ${arg}.` };
    let value = at < 0 ? undefined : arg.slice(at + 1);
    if (value === undefined) {
      value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) return { type: 'error', message: `${name} needs a value.` };
      index += 1;
    }
    values.set(name as F, value);
  }
  return { type: 'flags', values };
}

/** `--port` (default 0: any free port), or the message that says why it is not a port. */
export function readPort(values: ReadonlyMap<string, string>): { port: number } | { error: string } {
  const portText = values.get('--port') ?? '0';
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    return { error: `--port must be a number from 0 to 65535 (got "${portText}").` };
  return { port };
}

/** `--host` as a normalised Ollama URL (undefined: the stored setting), or the message that says why not. */
export function readOllamaHost(values: ReadonlyMap<string, string>): { host: string | undefined } | { error: string } {
  const hostText = values.get('--host');
  const host = hostText === undefined ? undefined : normaliseOllamaHost(hostText);
  if (host === null) return { error: `--host "${hostText}" is not an Ollama address. Use a URL like http://127.0.0.1:11434.` };
  return { host };
}

/** A folder flag's value, trimmed; null when absent or blank. */
export function readFolder(values: ReadonlyMap<string, string>, flag: string): string | null {
  return values.get(flag)?.trim() || null;
}

/** Runs a started host until SIGINT or SIGTERM closes it (a second signal exits at once). */
export function stopOnSignals(host: { close(): Promise<void> }, onStopping: () => void = () => undefined): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    onStopping();
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`TACO did not stop cleanly: ${describe(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Reports a failed start on stderr and exits 1. */
export function exitOnStartFailure(error: unknown): void {
  process.stderr.write(`TACO could not start: ${describe(error)}\n`);
  process.exit(1);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
