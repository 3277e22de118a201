import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../shared/contract/json';
import { llama32, reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { writeSkill } from '../../../../test-support/skills/write-skill';
import { loadToolRegistry } from '../../../../tools/catalogue/tool-registry';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { listSkills, skillCatalog, type SkillCatalog } from '../../skills/skill-library';
import { runAgent } from '../loop/run-agent';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

const cleanups = cleanupAfterAll();
const SECRET_STEP = 'Sign each note with the word PAPAYA.';
let registry: ToolRegistry;
let skills: SkillCatalog;
let run: FakeRun;

beforeAll(async () => {
  registry = await loadToolRegistry();
  const root = cleanups.tempDir('skills-');
  writeSkill(
    root,
    'release-notes',
    { 'scripts/collect.sh': 'git log --oneline' },
    'Writes release notes for a version from its merged changes.',
    `# Release notes\n\n${SECRET_STEP}`,
  );
  writeSkill(root, 'invoice-check', {}, 'Checks an invoice PDF against a purchase order.', '# Invoices\n\nCompare totals.');
  skills = skillCatalog(await listSkills([{ kind: 'global', root }]));
  run = await startFakeRun(scenario([reply.text('Done.')]));
});
afterAll(async () => {
  await run.fake.close();
});

function scenario(replies: Scenario['replies']): Scenario {
  return { name: 'skills', description: 'a skill offered, loaded and used', models: standardModels(), replies };
}

function streamed(): JsonObject[] {
  return run.chatBodies().filter((body) => body['stream'] !== false);
}

function systemOf(body: JsonObject): string {
  const messages = body['messages'] as Array<{ role: string; content: string }>;
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

function toolNames(body: JsonObject): string[] {
  return (Array.isArray(body['tools']) ? body['tools'] : []).map((tool) =>
    String(((tool as JsonObject)['function'] as JsonObject)['name']),
  );
}

describe('skills in the agent loop, over the fake Ollama server', () => {
  it('a request that needs a skill: the prompt names it (name and description only), the model loads it and follows it', async () => {
    // The fake model calls load_skill, then answers with what the loaded instructions told it.
    run.fake.setScenario(
      scenario([
        reply.toolCall('load_skill', { name: 'release-notes' }),
        (request) => {
          const loaded = request.messages
            .filter((message) => message.role === 'tool')
            .map((message) => message.content)
            .join('\n');
          return reply.text(loaded.includes('PAPAYA') ? 'Notes for 2.1: faster start. — PAPAYA' : 'I could not load the skill.');
        },
      ]),
    );
    run.fake.requests.length = 0;
    const h = run.harness({ tools: registry, model: llama32.name, userText: 'Write the release notes for version 2.1', skills });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    const [first, second] = streamed();
    expect(first && toolNames(first)).toContain('load_skill');
    const system = systemOf(first as JsonObject);
    expect(system).toContain('- skill release-notes: Writes release notes for a version from its merged changes.');
    // Only the matching skill, and none of any skill's instructions.
    expect(system).not.toContain('invoice-check');
    expect(system).not.toContain(SECRET_STEP);
    expect(JSON.stringify(second)).toContain(SECRET_STEP);
    expect(JSON.stringify(second)).toContain('scripts/collect.sh');
    expect(h.text()).toBe('Notes for 2.1: faster start. — PAPAYA');
  });

  it('a request no skill fits: no skills section and no load_skill', async () => {
    run.fake.setScenario(scenario([reply.text('It is sunny.')]));
    run.fake.requests.length = 0;
    const h = run.harness({ tools: registry, model: llama32.name, userText: 'What is the weather like on the moon?', skills });

    expect((await runAgent(h.input)).reason).toBe('complete');

    const [first] = streamed();
    expect(first && toolNames(first)).not.toContain('load_skill');
    expect(systemOf(first as JsonObject)).not.toMatch(/Skills|release-notes|invoice-check/);
  });

  it('load_skill refuses a skill the prompt did not list, naming the ones it did', async () => {
    run.fake.setScenario(scenario([reply.toolCall('load_skill', { name: 'invoice-check' }), reply.text('Done.')]));
    run.fake.requests.length = 0;
    const h = run.harness({ tools: registry, model: llama32.name, userText: 'Write the release notes for version 2.1', skills });

    await runAgent(h.input);

    const second = streamed()[1];
    expect(JSON.stringify(second)).toContain('There is no skill named \\"invoice-check\\". The skills are: release-notes.');
    expect(JSON.stringify(second)).not.toContain('Compare totals');
  });
});
