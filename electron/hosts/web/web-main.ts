import { resolve } from 'node:path';
import { defaultDataDir } from '../../services/store/files/data-dir';
import { parseWebArgs, WEB_USAGE } from './web-args';
import { startWebHost } from './web-host';

/** `npm run web -- [flags]`: serves the built renderer and the app services until stopped. */
async function main(): Promise<void> {
  const parsed = parseWebArgs(process.argv.slice(2));
  if (parsed.type === 'help') {
    process.stdout.write(`${WEB_USAGE}\n`);
    return;
  }
  if (parsed.type === 'error') {
    process.stderr.write(`${parsed.message}\n\n${WEB_USAGE}\n`);
    process.exit(1);
  }
  const { options } = parsed;
  const host = await startWebHost({
    port: options.port,
    dataDir: options.dataDir ? resolve(options.dataDir) : defaultDataDir(),
    workspace: options.workspace ? resolve(options.workspace) : undefined,
    ollamaHost: options.host,
    staticDir: options.staticDir ? resolve(options.staticDir) : undefined,
  });
  process.stdout.write(`TACO is running at ${host.url}\nPress Ctrl-C to stop.\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write('Stopping TACO…\n');
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
