import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { JsonObject } from '../../../../shared/contract/json';
import { llama32, nomicEmbed, reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import type { RegisteredTool, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { LABELLED_REQUESTS } from '../../../../bench/tool-selection/labelled-requests';
import { selectionCatalogue } from '../../../../bench/tool-selection/selection-catalogue';
import { runAgent } from '../loop/run-agent';
import { embeddingText } from '../tool-selection/ranking/tool-text';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

const BUDGET = 16;
let registry: ToolRegistry;
let run: FakeRun;

beforeAll(async () => {
  const catalogue = await selectionCatalogue(150);
  const extras: RegisteredTool[] = catalogue.extras.map((spec) =>
    testTool({ id: spec.id, description: spec.description, parameters: spec.parameters }),
  );
  registry = testRegistry(...catalogue.builtins, ...extras);
  run = await startFakeRun(scenario('tool-selection', [reply.text('Done.')]));
});
afterAll(async () => {
  await run.fake.close();
});

function scenario(name: string, replies: Scenario['replies'], extra: Partial<Scenario> = {}): Scenario {
  return { name, description: 'tool selection over 150 tools', models: [...standardModels(), nomicEmbed], replies, ...extra };
}

/** The tool names each streamed /api/chat request carried, in order. */
function offeredPerRequest(): string[][] {
  return run
    .chatBodies()
    .filter((body) => body['stream'] !== false)
    .map((body) =>
      (Array.isArray(body['tools']) ? body['tools'] : []).map((tool) => String(((tool as JsonObject)['function'] as JsonObject)['name'])),
    );
}

function coreTools(): string[] {
  return DEFAULTS.toolSelection.coreTools.filter((id) => registry.get(id) !== undefined);
}

describe('tool selection over HTTP, 150 tools, budget 16', () => {
  it('the catalogue really has 150 tools and the whole core set', () => {
    expect(registry.list()).toHaveLength(150);
    expect(coreTools()).toEqual(['ask_user', 'stop_and_think', 'plan_next_steps', 'delegate_task', 'handoff', 'find_tools']);
  });

  it.each(LABELLED_REQUESTS.filter((entry) => entry.test).map((entry) => [entry.request, entry.tool]))(
    '"%s" goes out with at most 16 tools: the core set and %s',
    async (request, tool) => {
      run.fake.setScenario(scenario('labelled', [reply.text('Done.')]));
      run.fake.requests.length = 0;
      const h = run.harness({ tools: registry, model: llama32.name, userText: request, toolBudget: BUDGET });

      const outcome = await runAgent(h.input);

      expect(outcome.reason).toBe('complete');
      const [sent] = offeredPerRequest();
      expect(sent?.length).toBeLessThanOrEqual(BUDGET);
      expect(sent).toEqual(expect.arrayContaining([...coreTools(), tool]));
      expect(h.of('tools-offered')).toEqual([expect.objectContaining({ offered: sent, total: 150, narrowed: true, ranker: 'lexical' })]);
    },
  );

  it.each(['cat notes.txt', 'Could you cat notes.txt for me?', 'wc -l notes.txt', 'head -n 20 log.txt', 'git status'])(
    '"%s" names a command the ranking misses: run_command goes out all the same',
    async (request) => {
      run.fake.setScenario(scenario('named-command', [reply.text('Done.')]));
      run.fake.requests.length = 0;
      const h = run.harness({ tools: registry, model: llama32.name, userText: request, toolBudget: BUDGET });

      await runAgent(h.input);

      const [sent] = offeredPerRequest();
      expect(sent?.length).toBeLessThanOrEqual(BUDGET);
      expect(sent).toContain('run_command');
    },
  );

  it('budget 0 sends every tool but find_tools (nothing to find then) and says nothing about narrowing', async () => {
    run.fake.setScenario(scenario('no-budget', [reply.text('Done.')]));
    run.fake.requests.length = 0;
    // A window with room for all 149 (a smaller one gets only the tools that fit it: tools-fit-window.replay.test.ts).
    const h = run.harness({
      tools: registry,
      model: llama32.name,
      userText: 'What is in a.txt?',
      toolBudget: 0,
      conversation: { numCtx: 65_536 },
    });
    await runAgent(h.input);
    expect(offeredPerRequest()[0]).toHaveLength(149);
    expect(offeredPerRequest()[0]).not.toContain('find_tools');
    expect(offeredPerRequest()[0]).not.toContain('load_skill');
    expect(h.of('tools-offered')).toEqual([]);
  });

  it('find_tools brings a tool that was not offered into the next request, and it stays for the run', async () => {
    run.fake.setScenario(
      scenario('find-tools', [
        reply.toolCall('find_tools', { query: 'convert money between currencies exchange rate' }),
        reply.toolCall('currency_convert', { amount: '250', from: 'EUR', to: 'USD' }),
        reply.text('About 270 dollars.'),
      ]),
    );
    run.fake.requests.length = 0;
    const h = run.harness({ tools: registry, model: llama32.name, userText: 'Plan my holiday spending.', toolBudget: BUDGET });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    const [first, second, third] = offeredPerRequest();
    expect(first).not.toContain('currency_convert');
    expect(first).toContain('find_tools');
    expect(second).toContain('currency_convert');
    expect(third).toEqual(expect.arrayContaining(['currency_convert', 'find_tools']));
    const found = JSON.parse(h.of('tool-result')[0]?.result ?? '{}') as { tools: Array<{ tool: string; description: string }> };
    expect(found.tools[0]).toEqual({
      tool: 'currency_convert',
      description: 'Convert an amount between currencies at the current exchange rate.',
    });
    expect(h.of('tool-result')[1]?.tool).toBe('currency_convert');
  });

  it('ranks by embeddings (/api/embed) when an embedding model is set, embedding each tool text once', async () => {
    run.fake.setScenario(scenario('embed', [reply.text('Done.')]));
    run.fake.requests.length = 0;
    const userText = 'Send an email to jane@example.com saying the report is ready';
    const first = run.harness({ tools: registry, model: llama32.name, userText, toolBudget: BUDGET, embeddingModel: nomicEmbed.name });

    await runAgent(first.input);

    const embeds = run.fake.requests.filter((request) => request.path === '/api/embed');
    expect(embeds.length).toBeGreaterThan(0);
    expect(embeds.every((request) => request.body?.['model'] === nomicEmbed.name)).toBe(true);
    expect(embeds.flatMap((request) => request.body?.['input'] as string[])).toHaveLength(151);
    expect(first.of('tools-offered')[0]).toEqual(expect.objectContaining({ narrowed: true, ranker: 'embedding' }));
    expect(offeredPerRequest()[0]).toEqual(expect.arrayContaining([...coreTools(), 'email_send']));

    run.fake.setScenario(scenario('embed-again', [reply.text('Done.')]));
    run.fake.requests.length = 0;
    const again = run.harness({
      tools: registry,
      model: llama32.name,
      userText: 'Do I have any unread mail?',
      toolBudget: BUDGET,
      embeddingModel: nomicEmbed.name,
    });
    await runAgent(again.input);
    const inputs = run.fake.requests
      .filter((request) => request.path === '/api/embed')
      .flatMap((request) => request.body?.['input'] as string[]);
    expect(inputs).toEqual(['Do I have any unread mail?']);
    expect(offeredPerRequest()[0]).toContain('email_list_unread');
  });

  it('ranks once per run: later requests keep what the run offered (the budget is full), so they neither rank nor embed', async () => {
    run.fake.setScenario(
      scenario('embed-once', [reply.toolCall('current_time', {}), reply.toolCall('current_time', {}), reply.text('Done.')]),
    );
    run.fake.requests.length = 0;
    const userText = 'What is the current time? Check the current time twice.';
    const h = run.harness({ tools: registry, model: llama32.name, userText, toolBudget: BUDGET, embeddingModel: nomicEmbed.name });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    const toolTexts = new Set(registry.list().map((tool) => embeddingText(tool.definition)));
    const queries = run.fake.requests
      .filter((request) => request.path === '/api/embed')
      .flatMap((request) => request.body?.['input'] as string[])
      .filter((text) => !toolTexts.has(text));
    expect(queries).toEqual([userText]);
    const [first, second, third] = offeredPerRequest();
    expect(first).toHaveLength(BUDGET);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first).toContain('current_time');
    expect(h.of('tool-result')[0]?.tool).toBe('current_time');
    expect(h.of('tools-offered').map((event) => event.ranker)).toEqual(['embedding', 'embedding', 'embedding']);
  });

  it('falls back to keywords, with a status note, when the embedding model fails; the run goes on', async () => {
    run.fake.setScenario(
      scenario('embed-fails', [reply.text('Done.')], { embed: { error: { status: 500, message: 'embedding runner crashed' } } }),
    );
    run.fake.requests.length = 0;
    const h = run.harness({
      tools: registry,
      model: llama32.name,
      userText: 'Show me the last 10 commits on main with an unseen request',
      toolBudget: BUDGET,
      embeddingModel: 'other-embedder:latest',
    });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(run.fake.requests.some((request) => request.path === '/api/embed')).toBe(true);
    expect(h.of('tools-offered')[0]).toEqual(expect.objectContaining({ narrowed: true, ranker: 'lexical' }));
    expect(h.statuses().some((text) => text.includes('other-embedder:latest') && text.includes('ranking them by keywords'))).toBe(true);
    expect(offeredPerRequest()[0]).toContain('git_log');
  });
});

describe('truncation over HTTP', () => {
  it('flags usage as truncated, with the numbers, when prompt_eval_count reaches the num_ctx sent', async () => {
    run.fake.setScenario(
      scenario('truncated', [reply.toolCall('current_time', {}), reply.text('Done.', { counts: { promptEvalCount: 'num_ctx' } })]),
    );
    run.fake.requests.length = 0;
    const h = run.harness({ tools: registry, model: llama32.name, userText: 'What time is it?', conversation: { numCtx: 4096 } });

    await runAgent(h.input);

    const usage = h.of('usage');
    expect(usage).toHaveLength(2);
    expect(usage[0]).not.toHaveProperty('truncated');
    expect(usage[1]).toEqual(expect.objectContaining({ truncated: true, promptTokens: 4096, contextTokens: 4096 }));
  });
});
