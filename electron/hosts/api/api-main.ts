import { resolve } from 'node:path';
import { exitOnStartFailure, stopOnSignals } from '../host-command';
import { defaultDataDir } from '../../services/store/files/data-dir';
import { API_KEY_ENV, API_USAGE, parseApiArgs } from './api-args';
import { readApiKey } from './api-key-file';
import { startApiHost } from './api-host';
import { tacoRoutes } from './routes/taco-routes';

/** `TACO_API_KEY=KEY npm run api -- [flags]` (or `--key-file FILE`): TACO's OpenAI-compatible API, headless, until stopped. */
async function main(): Promise<void> {
  const parsed = parseApiArgs(process.argv.slice(2), process.env);
  if (parsed.type === 'help') {
    process.stdout.write(`${API_USAGE}\n`);
    return;
  }
  if (parsed.type === 'error') {
    process.stderr.write(`${parsed.message}\n\n${API_USAGE}\n`);
    process.exit(1);
  }
  const { options } = parsed;
  const key = await readApiKey(options.key);
  if ('error' in key) {
    process.stderr.write(`${key.error}\n`);
    process.exit(1);
  }
  // The key stays out of what this process starts (run_command, MCP servers): they inherit its environment.
  delete process.env[API_KEY_ENV];
  const host = await startApiHost({
    port: options.port,
    key: key.key,
    allowApprovals: options.allowApprovals,
    dataDir: options.dataDir ? resolve(options.dataDir) : defaultDataDir(),
    workspace: options.workspace ? resolve(options.workspace) : undefined,
    ollamaHost: options.host,
    routes: tacoRoutes,
  });
  process.stdout.write(`TACO API at ${host.url}\n`);

  stopOnSignals(host);
}

main().catch(exitOnStartFailure);
