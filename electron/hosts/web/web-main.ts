import { resolve } from 'node:path';
import { exitOnStartFailure, stopOnSignals } from '../host-command';
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

  stopOnSignals(host, () => process.stdout.write('Stopping TACO…\n'));
}

main().catch(exitOnStartFailure);
