import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { reply, systemText, toolResults } from '../../../test-support/fake-ollama/reply-builders';
import { standardModels } from '../../../test-support/fake-ollama/scenarios/models/standard-models';
import type { FakeChatRequest } from '../../../test-support/fake-ollama/scenario-types';
import { KNOWLEDGE_CITATIONS } from '../../services/agent/context/prompt/system-prompt';
import { runCli, type CliIo } from './run-cli';
import { NO_KNOWLEDGE_MESSAGE, run as runSearchKnowledge } from '../../../tools/knowledge/search_knowledge';
import { createTestToolContext } from '../../../tools/catalogue/tool-test-context';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}

function io(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    onInterrupt: () => () => undefined,
    out: () => out,
    err: () => err,
  };
}

interface ToolPassage {
  n: number;
  file: string;
  location: string;
  text: string;
}

/** The scripted model answers from the passage the tool returned and cites it by its number. */
function citingAnswer(request: FakeChatRequest) {
  const result = toolResults(request).find((entry) => entry.toolName === 'search_knowledge');
  const passages = (JSON.parse(result?.content ?? '{"passages":[]}') as { passages: ToolPassage[] }).passages;
  const best = passages[0];
  return reply.text(best ? `The tomatoes need water every morning [${best.n}].` : 'I found nothing.');
}

describe('--knowledge: search_knowledge through the agent loop', () => {
  it('indexes the folder, offers search_knowledge with the citation rule, and the answer cites the passage that answers', async () => {
    const notes = temp('taco-cli-knowledge-');
    mkdirSync(join(notes, 'garden'));
    writeFileSync(join(notes, 'garden', 'tomatoes.md'), '# Tomatoes\n\nWater them every morning.\n\n## Pests\n\nSoapy water for aphids.\n');
    writeFileSync(join(notes, 'recipes.txt'), 'Bread: flour, water, salt, yeast.\n');
    writeFileSync(join(notes, 'blob.txt'), Buffer.from([0, 159, 146, 150]));
    const fake = await startFakeOllama({
      scenario: {
        name: 'knowledge-citation',
        description: 'one search_knowledge call, then an answer that cites',
        models: standardModels(),
        replies: [reply.toolCall('search_knowledge', { query: 'how often to water tomatoes' }), citingAnswer],
      },
    });
    try {
      const terminal = io();
      const code = await runCli(
        [
          '--host',
          fake.url,
          '--model',
          'llama3.2:3b',
          '--data-dir',
          temp('taco-cli-data-'),
          '--knowledge',
          notes,
          // The core tools and one more: search_knowledge is offered because knowledge folders are added, not by rank.
          '--max-tools',
          '7',
          '--json',
          'When do I water the tomatoes?',
        ],
        terminal,
      );
      expect(terminal.err()).toContain(`Knowledge folder ${notes}: 2 files, 3 passages; skipped 1: blob.txt (binary content (not text))`);
      expect(code).toBe(0);
      const events = terminal
        .out()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const result = events.find((event) => event.type === 'tool-result' && event.tool === 'search_knowledge');
      const passages = (JSON.parse(String(result?.result)) as { passages: ToolPassage[] }).passages;
      expect(passages[0]).toEqual({
        n: 1,
        file: 'garden/tomatoes.md',
        location: 'lines 1–3',
        heading: 'Tomatoes',
        text: '# Tomatoes\n\nWater them every morning.',
      });
      expect(new Set(passages.map((passage) => passage.n)).size).toBe(passages.length);

      const chats = fake.requests.filter((request) => request.path === '/api/chat' && Array.isArray(request.body?.tools));
      const first = chats[0]?.body as unknown as FakeChatRequest;
      const offered = (chats[0]?.body?.['tools'] as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
      expect(offered).toContain('search_knowledge');
      expect(systemText(first)).toContain(KNOWLEDGE_CITATIONS);
      expect(events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'complete' });
      expect(JSON.stringify(events)).toContain('The tomatoes need water every morning [1].');
    } finally {
      await fake.close();
    }
  });

  it('a knowledge folder that cannot be added stops the run with the reason, before any model request', async () => {
    const fake = await startFakeOllama({ scenario: 'basic-chat' });
    try {
      const missing = join(temp('taco-cli-knowledge-'), 'missing');
      const terminal = io();
      const code = await runCli(
        ['--host', fake.url, '--model', 'llama3.2:3b', '--data-dir', temp('taco-cli-data-'), '--knowledge', missing, 'hi'],
        terminal,
      );
      expect(code).toBe(1);
      expect(terminal.err()).toContain(`Knowledge folder not indexed: ${missing} cannot be read`);
      expect(fake.requests.filter((request) => request.path === '/api/chat')).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('without knowledge folders the tool says how to add them', async () => {
    await expect(runSearchKnowledge({ query: 'x' }, createTestToolContext())).rejects.toThrow(NO_KNOWLEDGE_MESSAGE);
  });
});
