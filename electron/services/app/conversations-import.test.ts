import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationSnapshot, ConversationSummary } from '../../../shared/conversations/conversation';
import type { ImportResult } from '../../../shared/conversations/conversation-import';
import type { AppPorts } from './app-ports';
import { composeAppServices } from './compose-app-services';
import { defaultPorts } from './default-ports';
import { createScriptedProvider, fakePorts, fakeRunAgent } from './testing/fake-ports';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, refusedCall } from './testing/service-calls';

const cleanups = cleanupAfterEach();
const fixture = (name: string): string => readFileSync(new URL(`../../../test-support/imports/${name}`, import.meta.url), 'utf8');

async function start(
  openStorage: AppPorts['openStorage'] = (dir) => defaultPorts.openStorage(dir),
  printPdf?: (html: string) => Promise<Uint8Array>,
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-import-'));
  cleanups.defer(() => rm(dataDir, { recursive: true, force: true }));
  const provider = { ...createScriptedProvider({ host: 'h', replies: ['Fine.'] }), complete: async () => '' };
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1, ...(printPdf ? { printPdf } : {}) },
    fakePorts({ openStorage, createProvider: () => provider, runAgent: fakeRunAgent }),
  );
  cleanups.defer(() => services.dispose());
  return {
    call: <T>(name: string, request: unknown) => callService<T>(services, name, request),
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

describe('conversations.import', () => {
  it('imports every conversation of a ChatGPT and a Claude export, readable and searchable', async () => {
    const h = await start();
    const chatgpt = await h.call<ImportResult>('conversations.import', { content: fixture('chatgpt-conversations.json') });
    expect(chatgpt).toMatchObject({ source: 'chatgpt', skipped: 1 });
    expect(chatgpt.conversations.map((summary) => summary.title)).toEqual([
      'Packing list <img src=x onerror=alert(1)>',
      'Imported from ChatGPT',
    ]);
    const claude = await h.call<ImportResult>('conversations.import', { content: fixture('claude-conversations.json') });
    expect(claude.conversations).toHaveLength(2);
    expect(await h.call<ConversationSummary[]>('conversations.list', {})).toHaveLength(4);
    const opened = await h.call<ConversationSnapshot>('conversation.get', { conversationId: chatgpt.conversations[0]?.conversationId });
    const texts = opened.events.flatMap((event) => (event.type === 'user-message' || event.type === 'text-delta' ? [event.text] : []));
    expect(texts).toContain('And what about this bag?');
    expect(opened.pending ?? null).toBeNull();
    const hits = await h.call<Array<{ conversationId: string }>>('conversations.search', { query: 'sourdough starter' });
    expect(hits.map((hit) => hit.conversationId)).toEqual([claude.conversations[0]?.conversationId]);
  });

  it('writes nothing when the file is corrupt, and removes what it wrote when a later write fails', async () => {
    let writes = 0;
    const h = await start(async (dir) => {
      const storage = await defaultPorts.openStorage(dir);
      const importConversation = storage.conversations.importConversation.bind(storage.conversations);
      storage.conversations.importConversation = async (input) => {
        writes += 1;
        if (writes === 2) throw new Error('disk full');
        return importConversation(input);
      };
      return storage;
    });
    const corrupt = await h.fail('conversations.import', { content: fixture('chatgpt-conversations.json').slice(0, 5000) });
    expect(corrupt).toMatchObject({
      code: 'invalid-payload',
      message: expect.stringMatching(/^This file cannot be imported: it is not valid JSON/),
    });
    expect(writes).toBe(0);
    await h.fail('conversations.import', { content: fixture('claude-conversations.json') });
    expect(writes).toBe(2);
    expect(await h.call<ConversationSummary[]>('conversations.list', {})).toEqual([]);
  });
});

describe('conversation.export as PDF', () => {
  it('prints the HTML export through the host, and says what to do where the host cannot', async () => {
    const printed: string[] = [];
    const h = await start(undefined, async (html) => {
      printed.push(html);
      return new TextEncoder().encode('%PDF-1.7 fake');
    });
    const { conversations } = await h.call<ImportResult>('conversations.import', { content: fixture('claude-conversations.json') });
    const conversationId = conversations[0]?.conversationId;
    const pdf = await h.call<{ filename: string; mimeType: string; content: string; encoding?: string }>('conversation.export', {
      conversationId,
      format: 'pdf',
    });
    expect(pdf).toMatchObject({ filename: 'sourdough-timing-x-javascript-alert-1.pdf', mimeType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(pdf.content, 'base64').toString()).toBe('%PDF-1.7 fake');
    expect(printed[0]).toContain('When should I feed my starter? &lt;img src=x onerror=alert(3)&gt;');
    expect(printed[0]).not.toMatch(/<script|<img/i);

    const browser = await start();
    const again = await browser.call<ImportResult>('conversations.import', { content: fixture('claude-conversations.json') });
    const refused = await browser.fail('conversation.export', { conversationId: again.conversations[0]?.conversationId, format: 'pdf' });
    expect(refused.message).toMatch(/Print \/ Save as PDF/);
  });
});
