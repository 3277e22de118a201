import { describe, expect, it } from 'vitest';
import { passed, runScenario, verdicts, type ScenarioResult } from './conformance-runner';

/**
 * The conformance suite's own servers against scripts/mcp-conformance-client.ts (TACO's MCP service),
 * through the suite's CLI exactly as `npm run mcp:conformance` runs it. The non-auth client scenarios
 * and two auth scenarios (discovery, client metadata document, code + PKCE; step-up): the rest of
 * auth/* (~18 scenarios, ~6 s each) is for `npm run mcp:conformance`, not every test run.
 * `client-sse-retry-timing` measures the client's wait against the server's retry field in wall-clock
 * time: it is reported by the script, not asserted here.
 */
const TIMING_CHECKS = new Set(['client-sse-retry-timing']);

function failures(result: ScenarioResult): string[] {
  return verdicts(result)
    .filter((check) => check.status === 'FAILURE' && !TIMING_CHECKS.has(check.id))
    .map((check) => `${check.id}: ${check.errorMessage ?? check.description}`);
}

describe('the MCP conformance suite against TACO’s client entry', { timeout: 180_000 }, () => {
  it.each([
    ['initialize', ['mcp-client-initialization']],
    ['tools_call', ['tool-add-numbers']],
    [
      'elicitation-sep1034-client-defaults',
      [
        'client-elicitation-sep1034-string-default',
        'client-elicitation-sep1034-integer-default',
        'client-elicitation-sep1034-number-default',
        'client-elicitation-sep1034-enum-default',
        'client-elicitation-sep1034-boolean-default',
      ],
    ],
    ['sse-retry', ['client-sse-graceful-reconnect', 'client-sse-last-event-id']],
    ['auth/metadata-default', ['authorization-server-metadata', 'pkce-code-challenge-sent', 'valid-bearer-token']],
    // TACO's own scope union and re-authorization on 403 insufficient_scope (auth/oauth-fetch.ts).
    ['auth/scope-step-up', ['scope-step-up-initial', 'scope-step-up-escalation']],
  ])('%s passes', async (scenario, mustSucceed) => {
    const result = await runScenario(scenario, '2025-11-25');
    expect(failures(result)).toEqual([]);
    const succeeded = new Set(result.checks.filter((check) => check.status === 'SUCCESS').map((check) => check.id));
    expect(mustSucceed.filter((id) => !succeeded.has(id))).toEqual([]);
    // sse-retry's suite verdict includes the timing check; the others must pass outright.
    if (scenario !== 'sse-retry') expect(passed(result)).toBe(true);
  });
});
