import { runCli } from './run-cli';

/** `npm run cli -- [flags] "prompt"`: see cli-args.ts for the flags. */
async function main(): Promise<void> {
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  });
  // Let stdout drain (it may be a pipe), then leave even if an idle socket lingers.
  process.stdout.write('', () => process.exit(code));
}

main().catch((error: unknown) => {
  process.stderr.write(`TACO failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
