/**
 * `npm run test:mutation [file…]`: StrykerJS over the safety rules (stryker.config.json), through
 * Stryker's API rather than its CLI. StrykerJS 10's entry module refuses Node before 22 as soon as
 * it is imported (its CLI's engines check), but its runner works on the Node 20 the repository's
 * checks use: there the Stryker class is loaded from its own module, past the check; on Node 22 or
 * later from the package's entry. Files given as arguments replace the config's `mutate` list, to
 * measure one file at a time on a shared machine; their own tests (scripts/mutation/mutation-targets.ts) are
 * then the only ones run, unless TACO_MUTATION_TESTS names others. TACO_MUTATION_TIMEOUT_MS replaces the config's
 * `timeoutMS` (the extra time a mutant gets before it counts as timed out, i.e. detected): a module
 * whose mutants hang (a server that never answers) spends that long on each. Not part of
 * `npm test`: a run takes minutes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MUTATION_TARGETS } from './mutation-targets';

type StrykerModule = typeof import('@stryker-mutator/core');

async function loadStryker(): Promise<StrykerModule['Stryker']> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return (await import('@stryker-mutator/core')).Stryker;
  const packageJson = createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json');
  const strykerModule = pathToFileURL(path.join(path.dirname(packageJson), 'dist', 'src', 'stryker.js'));
  return ((await import(strykerModule.href)) as StrykerModule).Stryker;
}

const files = process.argv.slice(2);
const ownTests = [...new Set(files.flatMap((file) => MUTATION_TARGETS[file]?.tests ?? []))];
// Read by vitest.mutation.config.ts in the test runners Stryker starts (they inherit this environment).
if (files.length > 0 && ownTests.length > 0 && !process.env['TACO_MUTATION_TESTS']) process.env['TACO_MUTATION_TESTS'] = ownTests.join(',');
const timeoutMS = Number(process.env['TACO_MUTATION_TIMEOUT_MS'] ?? Number.NaN);
const Stryker = await loadStryker();
await new Stryker({
  configFile: 'stryker.config.json',
  ...(files.length > 0 ? { mutate: files } : {}),
  ...(Number.isInteger(timeoutMS) && timeoutMS > 0 ? { timeoutMS } : {}),
}).runMutationTest();
