import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { ConversationSearchHit, ConversationSnapshot } from '../../../shared/conversations/conversation';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import type { AgentRunInput } from '../agent/loop/agent-types';
import type { ChatProvider } from '../provider/provider-types';
import type { AppServices } from './app-services-types';
import { composeAppServices } from './compose-app-services';
import { defaultPorts } from './default-ports';
import { createScriptedProvider, fakePorts, fakeRunAgent } from './testing/fake-ports';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, refusedCall, runOf } from './testing/service-calls';

const cleanups = cleanupAfterEach();
const model = 'llama3.2:3b';

interface Harness {
  services: AppServices;
  events: TacoEvent[];
  inputs: AgentRunInput[];
  call<T>(name: string, request: unknown): Promise<T>;
  fail(name: string, request: unknown): Promise<{ code: string; message: string }>;
}

/** The app services over the real conversation store, answers scripted in order. */
async function start(dataDir: string, replies: string[], stall = false): Promise<Harness> {
  const inputs: AgentRunInput[] = [];
  const scripted = createScriptedProvider({ host: 'h', replies, stall });
  const provider: ChatProvider = { ...scripted, complete: async () => '' };
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      openStorage: (dir) => defaultPorts.openStorage(dir),
      createProvider: () => provider,
      runAgent: (input) => {
        inputs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  return {
    services,
    events,
    inputs,
    call: <T>(name: string, request: unknown) => callService<T>(services, name, request),
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'taco-branches-'));
  cleanups.defer(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function settle(h: Harness, result: SendResult): Promise<string> {
  const run = runOf(result);
  await h.services.waitForRun(run.runId);
  return run.conversationId;
}

const page = (h: Harness, conversationId: string): Promise<ConversationSnapshot> =>
  h.call<ConversationSnapshot>('conversation.get', { conversationId, page: {} });

/** What the shown page says: messages and answers, in order. */
function said(snapshot: ConversationSnapshot): string[] {
  return snapshot.events.flatMap((event) =>
    event.type === 'user-message' ? [`you: ${event.text}`] : event.type === 'text-delta' ? [`taco: ${event.text}`] : [],
  );
}
const userMessages = (snapshot: ConversationSnapshot): Array<EventOf<'user-message'>> =>
  snapshot.events.filter((event): event is EventOf<'user-message'> => event.type === 'user-message');

/** "one" answered, "two" answered, then "two" edited twice: three branches at the second message. */
async function threeBranches(h: Harness): Promise<{ id: string; versions: string[] }> {
  const id = await settle(h, await h.call<SendResult>('chat.send', { conversationId: null, text: 'one', model }));
  await settle(h, await h.call<SendResult>('chat.send', { conversationId: id, text: 'two apples', model }));
  let last = userMessages(await page(h, id)).at(-1)?.messageId ?? '';
  const versions = [last];
  for (const text of ['two pears', 'two plums']) {
    await settle(h, await h.call<SendResult>('chat.edit', { conversationId: id, messageId: last, text, model }));
    last = userMessages(await page(h, id)).at(-1)?.messageId ?? '';
    versions.push(last);
  }
  return { id, versions };
}

const REPLIES = ['Answer one.', 'Apples answer.', 'Pears answer.', 'Plums answer.', 'Fifth answer.', 'Sixth answer.'];

describe('branches through the app services', () => {
  it('edits keep every version; the page shows the chosen one with its siblings; selecting one shows its branch', async () => {
    const h = await start(await tempDir(), REPLIES);
    const { id, versions } = await threeBranches(h);
    const shown = await page(h, id);
    expect(said(shown)).toEqual(['you: one', 'taco: Answer one.', 'you: two plums', 'taco: Plums answer.']);
    expect(shown.branches).toEqual({ [versions[2] ?? '']: versions });
    expect(shown.events.some((event) => event.type === 'timeline-rewound')).toBe(false);

    expect(await h.call('conversation.selectBranch', { conversationId: id, messageId: versions[0] })).toEqual({ selected: true });
    // Events reach subscribers in batches: wait for the one that says so.
    await vi.waitFor(() =>
      expect(h.events).toContainEqual(expect.objectContaining({ type: 'branch-selected', conversationId: id, messageId: versions[0] })),
    );
    const first = await page(h, id);
    expect(said(first)).toEqual(['you: one', 'taco: Answer one.', 'you: two apples', 'taco: Apples answer.']);
    expect(first.branches).toEqual({ [versions[0] ?? '']: versions });
    // Choosing the branch already shown writes nothing.
    const count = (await h.call<ConversationSnapshot>('conversation.get', { conversationId: id })).events.length;
    expect(await h.call('conversation.selectBranch', { conversationId: id, messageId: versions[0] })).toEqual({ selected: false });
    expect((await h.call<ConversationSnapshot>('conversation.get', { conversationId: id })).events).toHaveLength(count);
  });

  it('the model sees only the chosen branch, and a new message continues it', async () => {
    const h = await start(await tempDir(), REPLIES);
    const { id, versions } = await threeBranches(h);
    await h.call('conversation.selectBranch', { conversationId: id, messageId: versions[1] });
    await settle(h, await h.call<SendResult>('chat.send', { conversationId: id, text: 'and then?', model }));
    expect(h.inputs.at(-1)?.history).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'Answer one.' },
      { role: 'user', content: 'two pears' },
      { role: 'assistant', content: 'Pears answer.' },
    ]);
    expect(said(await page(h, id)).slice(2)).toEqual(['you: two pears', 'taco: Pears answer.', 'you: and then?', 'taco: Fifth answer.']);
  });

  it('regenerate adds a sibling with the same text; the old answer stays reachable', async () => {
    const h = await start(await tempDir(), REPLIES);
    const id = await settle(h, await h.call<SendResult>('chat.send', { conversationId: null, text: 'a joke', model }));
    await settle(h, await h.call<SendResult>('chat.regenerate', { conversationId: id, model }));
    const shown = await page(h, id);
    expect(said(shown)).toEqual(['you: a joke', 'taco: Apples answer.']);
    const [message] = userMessages(shown);
    const siblings = shown.branches?.[message?.messageId ?? ''] ?? [];
    expect(siblings).toHaveLength(2);
    await h.call('conversation.selectBranch', { conversationId: id, messageId: siblings[0] });
    expect(said(await page(h, id))).toEqual(['you: a joke', 'taco: Answer one.']);
  });

  it('search finds every branch; Markdown and HTML export the chosen one, JSON keeps all', async () => {
    const h = await start(await tempDir(), REPLIES);
    const { id } = await threeBranches(h);
    for (const word of ['apples', 'pears', 'plums'])
      expect((await h.call<ConversationSearchHit[]>('conversations.search', { query: word })).map((hit) => hit.conversationId)).toEqual([
        id,
      ]);
    const markdown = await h.call<{ content: string }>('conversation.export', { conversationId: id, format: 'markdown' });
    expect(markdown.content).toContain('two plums');
    expect(markdown.content).not.toContain('two apples');
    const html = await h.call<{ content: string; mimeType: string }>('conversation.export', { conversationId: id, format: 'html' });
    expect(html.mimeType).toBe('text/html');
    expect(html.content).toContain('two plums');
    for (const text of ['two apples', 'two pears']) expect(html.content).not.toContain(text);
    const json = await h.call<{ content: string }>('conversation.export', { conversationId: id, format: 'json' });
    for (const text of ['two apples', 'two pears', 'two plums']) expect(json.content).toContain(text);
  });

  it('the chosen branch survives a restart; a crash between the branch event and its message changes nothing', async () => {
    const dataDir = await tempDir();
    const h = await start(dataDir, REPLIES);
    const { id, versions } = await threeBranches(h);
    await h.call('conversation.selectBranch', { conversationId: id, messageId: versions[1] });
    const before = said(await page(h, id));
    await h.services.dispose();

    // A crash mid-edit: the rewind is on disk, its message cut off half-written.
    const timeline = join(dataDir, 'conversations', `${id}.jsonl`);
    const rewind = { type: 'timeline-rewound', conversationId: id, fromMessageId: versions[1], messageId: 'lost', at: 9 };
    await appendFile(
      timeline,
      `${JSON.stringify({ type: 'event', at: 9, event: rewind })}\n{"type":"event","at":9,"event":{"type":"user-mess`,
    );
    expect(await readFile(timeline, 'utf8')).toContain('"fromMessageId"');

    const again = await start(dataDir, ['After the crash.']);
    const reopened = await page(again, id);
    expect(said(reopened)).toEqual(before);
    expect(reopened.branches).toEqual({ [versions[1] ?? '']: versions });
    await settle(again, await again.call<SendResult>('chat.send', { conversationId: id, text: 'still here?', model }));
    expect(said(await page(again, id)).slice(-2)).toEqual(['you: still here?', 'taco: After the crash.']);
  });

  it('refuses an unknown message and a switch while a run goes on', async () => {
    const h = await start(await tempDir(), REPLIES);
    const { id } = await threeBranches(h);
    expect(await h.fail('conversation.selectBranch', { conversationId: id, messageId: 'nope' })).toMatchObject({ code: 'not-found' });
    expect(await h.fail('conversation.selectBranch', { conversationId: id })).toMatchObject({ code: 'invalid-payload' });

    const stalled = await start(await tempDir(), REPLIES, true);
    const running = runOf(await stalled.call<SendResult>('chat.send', { conversationId: null, text: 'slow', model }));
    expect(await stalled.fail('conversation.selectBranch', { conversationId: running.conversationId, messageId: 'x' })).toMatchObject({
      code: 'busy',
    });
  });
});
