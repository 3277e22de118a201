import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../shared/contract/json';
import { llama32, reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { loadToolRegistry } from '../../../../tools/catalogue/tool-registry';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { KnowledgeBase } from '../../knowledge/knowledge-base';
import { runAgent } from '../loop/run-agent';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

const { tempDir } = cleanupAfterAll();
let registry: ToolRegistry;
let run: FakeRun;
let base: KnowledgeBase;
let ours: string;
let theirs: string;

function folder(name: string, text: string): string {
  const root = realpathSync(tempDir('taco-every-message-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, name), text);
  return root;
}

beforeAll(async () => {
  registry = await loadToolRegistry();
  ours = folder('roses.md', '# Roses\n\nPrune roses in late winter, above an outward bud.\n');
  theirs = folder('secret-roses.md', '# Roses\n\nThe other project prunes roses in summer; roses roses roses.\n');
  base = new KnowledgeBase({ watch: false });
  await base.addFolder(ours);
  await base.addFolder(theirs);
  await base.whenIdle();
  run = await startFakeRun(scenario());
});
afterAll(async () => {
  await run.fake.close();
  await base.close();
});

function scenario(): Scenario {
  return {
    name: 'every-message',
    description: 'passages searched before the turn',
    models: standardModels(),
    replies: [reply.text('In late winter [1].')],
  };
}

function systemOf(body: JsonObject): string {
  const messages = body['messages'] as Array<{ role: string; content: string }>;
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

async function ask(everyMessage: boolean) {
  run.fake.setScenario(scenario());
  run.fake.requests.length = 0;
  const h = run.harness({
    tools: registry,
    model: llama32.name,
    userText: 'When should I prune the roses?',
    conversation: { numCtx: 65_536 },
    knowledge: { base, embedder: null, folders: [ours], everyMessage },
  });
  await runAgent(h.input);
  const sent = run.chatBodies().filter((body) => body['stream'] !== false);
  return { h, sent };
}

describe('searching the knowledge folders on every message, over the fake Ollama server', () => {
  it('on: every request of the run carries the run’s own passages, numbered, and the window hears them before the answer', async () => {
    const { h, sent } = await ask(true);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      const system = systemOf(body);
      expect(system).toContain('[1] roses.md, lines 1–3 — Roses\n');
      expect(system).toContain('Prune roses in late winter');
      expect(system).not.toContain('The other project prunes');
    }
    const kinds = h.events.map((event) => event.type);
    expect(kinds.indexOf('knowledge-used')).toBeGreaterThan(-1);
    expect(kinds.indexOf('knowledge-used')).toBeLessThan(kinds.indexOf('text-delta'));
    expect(h.of('knowledge-used')).toEqual([
      expect.objectContaining({ passages: [expect.objectContaining({ n: 1, folder: ours, file: 'roses.md' })] }),
    ]);
  });

  it('off: no passages in any request and none shown', async () => {
    const { h, sent } = await ask(false);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(systemOf(body)).not.toContain('Prune roses in late winter');
    expect(h.of('knowledge-used')).toEqual([]);
  });
});
