/**
 * `npm run mcp:conformance`: every client scenario of the conformance suite against
 * scripts/mcp-conformance-client.ts, one at a time, and the table in docs/mcp-conformance.md.
 * `-- --scenario NAME` (repeatable) runs only those and prints the table without writing it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { conformanceReport, type KnownGaps } from './conformance-report';
import { listClientScenarios, passed, REPO_ROOT, runScenario, type ScenarioResult } from './conformance-runner';

/** Scenarios TACO knowingly does not implement, and why. */
const KNOWN_GAPS: KnownGaps = {
  'auth/client-credentials-jwt':
    'Extension (machine-to-machine): TACO signs in a person through the browser; no private_key_jwt client credentials.',
  'auth/client-credentials-basic':
    'Extension (machine-to-machine): TACO signs in a person through the browser; no client credentials grant.',
  'auth/cross-app-access-complete-flow': 'Extension (enterprise IdP token exchange): not implemented.',
};

async function version(pkg: string): Promise<string> {
  const json = JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
  return json.version;
}

async function main(): Promise<void> {
  const only = process.argv.flatMap((arg, index, all) => (all[index - 1] === '--scenario' ? [arg] : []));
  const scenarios = (await listClientScenarios()).filter((each) => only.length === 0 || only.includes(each.scenario));
  const results: ScenarioResult[] = [];
  for (const { scenario, specVersions } of scenarios) {
    const result = await runScenario(scenario, specVersions);
    console.log(`${passed(result) ? 'pass' : 'FAIL'}  ${scenario}`);
    results.push(result);
  }
  const report = conformanceReport(results, KNOWN_GAPS, {
    suiteVersion: await version('@modelcontextprotocol/conformance'),
    sdkVersion: await version('@modelcontextprotocol/sdk'),
  });
  if (only.length > 0) console.log(`\n${report}`);
  else await writeFile(path.join(REPO_ROOT, 'docs', 'mcp-conformance.md'), report);
}

await main();
