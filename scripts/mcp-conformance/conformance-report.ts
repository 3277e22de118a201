import { passed, verdicts, type ScenarioResult } from './conformance-runner';

/** Why a scenario cannot pass here, for the table (filled in where TACO knowingly does not do it). */
export type KnownGaps = Record<string, string>;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** docs/mcp-conformance.md: one row per scenario, then the failing checks with the suite's words. */
export function conformanceReport(results: ScenarioResult[], gaps: KnownGaps, meta: { suiteVersion: string; sdkVersion: string }): string {
  const passing = results.filter(passed).length;
  const lines = [
    '# MCP conformance',
    '',
    `The client scenarios of \`@modelcontextprotocol/conformance\` ${meta.suiteVersion} run against`,
    '`scripts/mcp-conformance-client.ts`, which drives TACO’s own MCP service (connection, Streamable',
    `HTTP transport, OAuth, tool adapter; \`@modelcontextprotocol/sdk\` ${meta.sdkVersion}). Regenerate with`,
    '`npm run mcp:conformance` (this file is written by `scripts/mcp-conformance/run-conformance.ts`).',
    '',
    `**${passing} of ${results.length} scenarios pass.**`,
    '',
    '| Scenario | Spec | Result | Checks passed | Note |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    const checks = verdicts(result);
    const ok = checks.filter((check) => check.status === 'SUCCESS').length;
    const result_ = passed(result) ? 'pass' : 'FAIL';
    lines.push(
      `| \`${result.scenario}\` | ${result.specVersions} | ${result_} | ${ok}/${checks.length} | ${cell(gaps[result.scenario] ?? '')} |`,
    );
  }
  const failing = results.filter((result) => !passed(result));
  if (failing.length > 0) {
    lines.push('', '## Failing checks', '');
    for (const result of failing) {
      const bad = verdicts(result).filter((check) => check.status === 'FAILURE');
      if (bad.length === 0)
        lines.push(`- \`${result.scenario}\`: the client exited with an error before any check (suite exit ${result.exitCode}).`);
      for (const check of bad) lines.push(`- \`${result.scenario}\` / \`${check.id}\`: ${cell(check.errorMessage ?? check.description)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
