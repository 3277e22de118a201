/**
 * Serves a fake Ollama until killed:
 *   npx tsx test-support/fake-ollama/run-fake-ollama.ts --scenario basic-chat --port 0
 */
import { startFakeOllama } from './fake-ollama-server';
import { scenarioNames } from './scenarios/index';

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(`Usage: run-fake-ollama.ts --scenario <name> [--port <n>]\nScenarios: ${scenarioNames().join(', ')}`);
    return;
  }
  const scenario = flag(args, 'scenario') ?? 'basic-chat';
  const portText = flag(args, 'port') ?? '0';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be a whole number from 0 to 65535 (got "${portText}").`);
  }
  const fake = await startFakeOllama({ scenario, port });
  console.log(`Fake Ollama listening at ${fake.url}`);
  console.log(`Scenario: ${scenario}`);
  const stop = (): void => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
