import { resolve } from 'node:path';
import { exitOnStartFailure, stopOnSignals } from '../host-command';
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

  stopOnSignals(host);
}

main().catch(exitOnStartFailure);
