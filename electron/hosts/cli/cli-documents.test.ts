import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import type { RecordedRequest } from '../../../test-support/fake-ollama/scenario-types';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { cli, jsonLines } from './testing/spawn-cli';

/** Documents through the CLI (--json) against the documents-demo scenario of the fake Ollama. */
let ollama: FakeOllama;
const { tempDir, defer } = cleanupAfterAll();

beforeAll(async () => {
  ollama = await startFakeOllama({ scenario: 'documents-demo' });
  defer(() => ollama.close());
});

async function run(workspace: string, prompt: string) {
  const args = ['--host', ollama.url, '--model', 'llama3.2:3b', '--data-dir', tempDir('taco-docs-data-'), '--workspace', workspace];
  const finished = await cli([...args, '--approve', 'all', '--json', prompt]);
  const events = jsonLines(finished.stdout);
  return { ...finished, events, ofType: (type: string) => events.filter((event) => event.type === type) };
}

type Message = { role: string; content: string };
const chats = (since: number): Array<{ messages: Message[] }> =>
  ollama.requests
    .slice(since)
    .filter((request: RecordedRequest) => request.path === '/api/chat' && Array.isArray(request.body?.tools))
    .map((request) => request.body as unknown as { messages: Message[] });

describe('documents between agents and search_documents (CLI --json)', () => {
  it("a delegated task's documents are in the helper's first request, and the helper's handoff documents in the parent's next request", async () => {
    const workspace = tempDir('taco-docs-ws-');
    writeFileSync(join(workspace, 'notes.txt'), 'The zeppelin lands at noon on the north field.\n');
    const since = ollama.requests.length;
    const result = await run(workspace, 'Please delegate the summary');
    expect(result.events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'complete' });

    const requests = chats(since);
    const helperFirst = requests.find((request) =>
      request.messages.some((m) => m.role === 'user' && m.content.startsWith('Summarise the notes')),
    );
    const helperTask = helperFirst?.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(helperTask).toContain('<document path="notes.txt">');
    expect(helperTask).toContain('The zeppelin lands at noon on the north field.');

    // The parent's request after the delegate_task result carries summary.md's content, not only its name.
    const parentNext = requests.find(
      (request) =>
        request.messages.some((m) => m.content.includes('delegate the summary')) && request.messages.some((m) => m.role === 'tool'),
    );
    const delegateResult = parentNext?.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
    expect(delegateResult).toContain('<document path="summary.md">');
    expect(delegateResult).toContain('Short version: the airship lands at noon.');
  });

  it('search_documents finds a written document by a word of its content and by its tag', async () => {
    const workspace = tempDir('taco-docs-ws-');
    const result = await run(workspace, 'Please file the meeting notes, then search the documents for them');
    const searches = result.ofType('tool-result').filter((event) => event.tool === 'search_documents');
    expect(searches).toHaveLength(2);
    const [byWord, byTag] = searches.map((event) => JSON.parse(String(event.result)) as { documents: Array<Record<string, unknown>> });
    expect(byWord?.documents.map((doc) => doc.path)).toEqual(['notes/meeting.md']);
    expect(byTag?.documents[0]).toMatchObject({
      path: 'notes/meeting.md',
      mime_type: 'text/markdown',
      tags: ['minutes', 'monday'],
      description: 'Minutes of the Monday meeting',
      created_for: 'Please file the meeting notes, then search the documents for them',
    });
  });
});
