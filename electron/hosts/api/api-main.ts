import { resolve } from 'node:path';
import { defaultDataDir } from '../../services/store/files/data-dir';
import { API_USAGE, parseApiArgs } from './api-args';
import { startApiHost } from './api-host';
import { tacoRoutes } from './taco-routes';

/** `npm run api -- --key KEY [flags]`: TACO's OpenAI-compatible API, headless, until stopped. */
async function main(): Promise<void> {
  const parsed = parseApiArgs(process.argv.slice(2));
  if (parsed.type === 'help') {
    process.stdout.write(`${API_USAGE}\n`);
    return;
  }
  if (parsed.type === 'error') {
    process.stderr.write(`${parsed.message}\n\n${API_USAGE}\n`);
    process.exit(1);
  }
  const { options } = parsed;
  const host = await startApiHost({
    port: options.port,
    key: options.key,
    dataDir: options.dataDir ? resolve(options.dataDir) : defaultDataDir(),
    workspace: options.workspace ? resolve(options.workspace) : undefined,
    ollamaHost: options.host,
    routes: tacoRoutes,
  });
  process.stdout.write(`TACO API at ${host.url}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`TACO did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`TACO could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
