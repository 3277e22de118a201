import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../shared/contract/json';
import { llama32, reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import { loadToolRegistry } from '../../../../tools/catalogue/tool-registry';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { runAgent } from '../loop/run-agent';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

let registry: ToolRegistry;
let run: FakeRun;

beforeAll(async () => {
  registry = await loadToolRegistry();
  run = await startFakeRun(scenario());
});
afterAll(async () => {
  await run.fake.close();
});

function scenario(): Scenario {
  return { name: 'no-knowledge', description: 'a run without knowledge folders', models: standardModels(), replies: [reply.text('Done.')] };
}

function toolNames(body: JsonObject): string[] {
  return (Array.isArray(body['tools']) ? body['tools'] : []).map((tool) =>
    String(((tool as JsonObject)['function'] as JsonObject)['name']),
  );
}

describe('search_knowledge without knowledge folders', () => {
  it.each([
    ['every tool at once (no budget)', 0],
    ['a ranked selection', 16],
  ])('is never offered, even to a request about notes and documents: %s', async (_, toolBudget) => {
    run.fake.setScenario(scenario());
    run.fake.requests.length = 0;
    const h = run.harness({
      tools: registry,
      model: llama32.name,
      userText: 'Search my knowledge notes and documents for the passage about invoices',
      toolBudget,
      conversation: { numCtx: 65_536 },
    });

    await runAgent(h.input);

    const sent = run.chatBodies().filter((body) => body['stream'] !== false);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(toolNames(body)).not.toContain('search_knowledge');
    // The catalogue has it: only the run's lack of folders keeps it out.
    expect(registry.list().some((tool) => tool.info.toolId === 'search_knowledge')).toBe(true);
  });
});
