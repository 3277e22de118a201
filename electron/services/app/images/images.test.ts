import { describe, expect, it, vi } from 'vitest';
import { startFakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import type { SendResult } from '../../../../shared/contract/contract';
import { IMAGE_LIMITS } from '../../../../shared/contract/contract';
import type { ConversationSnapshot } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { CallEnvelope } from '../../../../shared/contract/transport';
import { createAppServices, type AppServices } from '../app-services';
import { checkImageData } from './image-checks';
import { detectImageType, isBase64 } from './image-format';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createDocumentIndex } from '../../documents/search/document-index';
import { createVersionStore } from '../../documents/versions/version-store';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const b64 = (bytes: number[] | string): string =>
  Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Uint8Array.from(bytes)).toString('base64');
const JPEG = b64([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = b64('GIF89a\x01\x00\x01\x00');
const WEBP = b64('RIFF\x24\x00\x00\x00WEBPVP8 ');

describe('image data checks', () => {
  it('knows PNG, JPEG, GIF and WebP by their bytes', () => {
    expect([PNG, JPEG, GIF, WEBP].map(detectImageType)).toEqual(['png', 'jpeg', 'gif', 'webp']);
    expect(detectImageType(b64('<svg onload="x">'))).toBeNull();
    expect(detectImageType(b64('%PDF-1.7 pretending'))).toBeNull();
    expect(detectImageType(`data:image/png;base64,${PNG}`)).toBeNull();
    expect(isBase64('abc')).toBe(false);
    expect(isBase64('ab c')).toBe(false);
  });

  it('refuses anything else, naming the image', () => {
    expect(() => checkImageData([PNG, JPEG])).not.toThrow();
    expect(() => checkImageData([PNG, b64('<html><script>')])).toThrow('Image 2 is not a PNG, JPEG, WebP or GIF file');
    expect(() => checkImageData(['not base64!'])).toThrow('The image is not a PNG, JPEG, WebP or GIF file');
  });
});

describe('chat.send with images, over the fake Ollama server', () => {
  const cleanups = cleanupAfterEach();

  async function setUp() {
    const fake = await startFakeOllama({ scenario: 'vision-chat' });
    cleanups.defer(() => fake.close());
    const dataDir = cleanups.tempDir('taco-images-');
    const services = await createAppServices({ dataDir, ollamaHost: fake.url, openExternal: async () => undefined });
    cleanups.defer(() => services.dispose());
    const events: TacoEvent[] = [];
    services.subscribe((batch) => events.push(...batch));
    return { fake, services, events, dataDir };
  }

  const call = async <T>(services: AppServices, name: string, request: unknown): Promise<CallEnvelope<T>> =>
    (await services.handle(name, request)) as CallEnvelope<T>;

  it('makes each attached picture a document record by the user, found by list and search', async () => {
    const { fake, services, dataDir } = await setUp();
    const sent = await call<SendResult>(services, 'chat.send', {
      conversationId: null,
      text: 'Compare the lighthouse sketches',
      model: 'gemma3:4b',
      images: [PNG, JPEG],
    });
    if (!sent.ok || sent.value.type !== 'run') throw new Error(JSON.stringify(sent));
    await services.waitForRun(sent.value.runId);
    const conversationId = sent.value.conversationId;
    const versions = createVersionStore({ dataDir, budgetBytes: () => 1 << 20 });
    const index = createDocumentIndex({ dataDir, versions });
    const listed = await index.list(conversationId, { creator: 'user' });
    expect(listed.map((doc) => doc.mimeType).sort()).toEqual(['image/jpeg', 'image/png']);
    const png = listed.find((doc) => doc.mimeType === 'image/png')!;
    expect(png).toMatchObject({
      path: expect.stringMatching(/^attachments\/[0-9a-f]{16}\.png$/),
      size: Buffer.from(PNG, 'base64').length,
      createdBy: { runId: null, callId: null, tool: 'user', task: 'Compare the lighthouse sketches' },
      tags: ['attachment'],
    });
    expect(png.tokens).toBeGreaterThan(0);
    expect((await index.list(conversationId, { type: 'image/' })).length).toBe(2);
    expect((await index.search(conversationId, 'lighthouse')).map((doc) => doc.path).sort()).toEqual(listed.map((doc) => doc.path).sort());

    // In the background the vision model describes each picture (a side request, one picture each).
    await vi.waitFor(async () => {
      const described = await index.list(conversationId, { creator: 'user' });
      expect(described.map((doc) => doc.autoSummary)).toEqual([
        expect.stringMatching(/^I see 1 image\. You asked: Picture attachments\/[0-9a-f]{16}\.(png|jpg)\. Say what it shows\.$/),
        expect.stringMatching(/^I see 1 image\./),
      ]);
    });
    const chats = fake.requests.filter((request) => request.path === '/api/chat');
    const describing = chats.filter(
      (request) => request.body?.stream === false && JSON.stringify(request.body?.messages).includes('Say what it shows'),
    );
    const pictures = describing.flatMap((request) =>
      (request.body?.messages as Array<{ images?: string[] }>).flatMap((m) => m.images ?? []),
    );
    expect(pictures.sort()).toEqual([PNG, JPEG].sort());
    // Only after the run's step: a side request never goes in front of it.
    const step = chats.findIndex((request) => request.body?.stream !== false);
    expect(step).toBeGreaterThanOrEqual(0);
    expect(chats.indexOf(describing[0]!)).toBeGreaterThan(step);
  });

  it('sends them on the user message as Ollama expects, and stores them with it', async () => {
    const { fake, services, events } = await setUp();
    const sent = await call<SendResult>(services, 'chat.send', {
      conversationId: null,
      text: 'What is in the picture?',
      model: 'gemma3:4b',
      images: [PNG],
    });
    if (!sent.ok || sent.value.type !== 'run') throw new Error(JSON.stringify(sent));
    const finish = await services.waitForRun(sent.value.runId);
    expect(finish.reason).toBe('complete');
    const chat = fake.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false).at(-1);
    const messages = (chat?.body?.messages ?? []) as Array<{ role: string; content: string; images?: string[] }>;
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'What is in the picture?', images: [PNG] });
    // Event batches reach subscribers a frame after the run's end is known.
    await vi.waitFor(() => expect(events.some((event) => event.type === 'run-finish')).toBe(true));
    expect(events.find((event) => event.type === 'user-message')).toMatchObject({ images: [PNG] });
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => (event.type === 'text-delta' ? event.text : ''))
        .join(''),
    ).toContain('I see 1 image');
    const snapshot = await call<ConversationSnapshot>(services, 'conversation.get', { conversationId: sent.value.conversationId });
    expect(snapshot.ok && snapshot.value.events[0]).toMatchObject({ type: 'user-message', images: [PNG] });
  });

  it('keeps the images in the history of later turns', async () => {
    const { fake, services } = await setUp();
    const first = await call<SendResult>(services, 'chat.send', {
      conversationId: null,
      text: 'What is in the picture?',
      model: 'gemma3:4b',
      images: [PNG],
    });
    if (!first.ok || first.value.type !== 'run') throw new Error(JSON.stringify(first));
    await services.waitForRun(first.value.runId);
    const second = await call<SendResult>(services, 'chat.send', {
      conversationId: first.value.conversationId,
      text: 'And the colours?',
      model: 'gemma3:4b',
    });
    if (!second.ok || second.value.type !== 'run') throw new Error(JSON.stringify(second));
    await services.waitForRun(second.value.runId);
    const chat = fake.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false).at(-1);
    const users = ((chat?.body?.messages ?? []) as Array<{ role: string; content: string; images?: string[] }>).filter(
      (message) => message.role === 'user',
    );
    expect(users).toEqual([
      { role: 'user', content: 'What is in the picture?', images: [PNG] },
      { role: 'user', content: 'And the colours?' },
    ]);
  });

  it('refuses images for a model that cannot see, bad image data, and too many images', async () => {
    const { services, events } = await setUp();
    const blind = await call(services, 'chat.send', { conversationId: null, text: 'look', model: 'llama3.2:3b', images: [PNG] });
    expect(blind).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringContaining('“llama3.2:3b” cannot see images') },
    });
    const bad = await call(services, 'chat.send', {
      conversationId: null,
      text: 'look',
      model: 'gemma3:4b',
      images: [b64('<svg/onload=alert(1)>')],
    });
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a PNG, JPEG, WebP or GIF') } });
    const many = await call(services, 'chat.send', {
      conversationId: null,
      text: 'look',
      model: 'gemma3:4b',
      images: Array.from({ length: IMAGE_LIMITS.maxImages + 1 }, () => PNG),
    });
    expect(many).toMatchObject({ ok: false, error: { code: 'invalid-payload', message: expect.stringContaining('"images"') } });
    const huge = await call(services, 'chat.send', {
      conversationId: null,
      text: 'look',
      model: 'gemma3:4b',
      images: [PNG + 'A'.repeat(IMAGE_LIMITS.maxTotalBase64Chars)],
    });
    expect(huge).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(events.filter((event) => event.type === 'user-message')).toEqual([]);
  });
});
