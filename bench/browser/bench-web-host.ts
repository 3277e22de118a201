/**
 * The web host for the benchmark: the renderer built into a folder of the benchmark's own (so
 * other builds of renderer/dist do not interfere), a generated data folder, the fake Ollama.
 *   node --import tsx bench/browser/bench-web-host.ts --static-dir D --data-dir D --ollama URL
 */
import { startWebHost } from '../../electron/hosts/web/web-host';

function flag(name: string): string {
  const args = process.argv.slice(2);
  const value = args[args.indexOf(`--${name}`) + 1];
  if (!args.includes(`--${name}`) || value === undefined) throw new Error(`bench-web-host needs --${name}.`);
  return value;
}

async function main(): Promise<void> {
  const host = await startWebHost({ port: 0, staticDir: flag('static-dir'), dataDir: flag('data-dir'), ollamaHost: flag('ollama') });
  process.stdout.write(`TACO bench host at ${host.url}\n`);
  const stop = (): void => {
    void host.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`The bench web host could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
