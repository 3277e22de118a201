import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { TacoEvent } from '../../../shared/contract/events';
import type { McpServerConfig } from '../../../shared/mcp/mcp';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { reply } from '../../../test-support/fake-ollama/reply-builders';
import type { FakeModel, ReplySource } from '../../../test-support/fake-ollama/scenario-types';
import { standardModels } from '../../../test-support/fake-ollama/scenarios/models/standard-models';
import { everythingServer, filesystemServer, MCP_TEST_TIMEOUT_MS } from '../../../test-support/mcp/mcp-test-servers';
import { createMcpService } from '../mcp/mcp-service';
import { TEST_TIMINGS } from '../mcp/testing/mcp-harness';
import { createAppServices } from './app-services';
import { cleanupAfterEach } from '../../../test-support/cleanups';

const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);

const visionModel: FakeModel = {
  name: 'qwen2.5vl:3b',
  capabilities: ['completion', 'tools', 'vision'],
  contextLength: 32_768,
  family: 'qwen2',
};

/** App services over a fake Ollama answering `replies`, with `servers` in mcp.json; every approval is allowed once. */
async function setUp(servers: Record<string, McpServerConfig>, replies: ReplySource[]) {
  const fake: FakeOllama = await startFakeOllama({
    scenario: {
      name: 'mcp-loop',
      description: 'inline',
      models: [...standardModels(), visionModel],
      replies,
      whenExhausted: reply.text('Done.'),
    },
  });
  cleanups.defer(() => fake.close());
  const dataDir = cleanups.tempDir('taco-mcp-loop-');
  writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  const services = await createAppServices({
    dataDir,
    ollamaHost: fake.url,
    openExternal: async () => undefined,
    gates: () => ({ approvals: { request: async () => 'allow-once' } }),
    ports: { createMcp: (input) => createMcpService({ ...input, timings: TEST_TIMINGS, pathValue: async () => process.env.PATH ?? '' }) },
  });
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  const listeners = new Set<() => void>();
  services.subscribe((batch) => {
    events.push(...batch);
    for (const wake of [...listeners]) wake();
  });
  await services.mcpSettled(120_000);
  const send = async (text: string, model = 'llama3.2:3b'): Promise<string> => {
    const sent = await services.handle('chat.send', { conversationId: null, text, model });
    if (!sent.ok || (sent.value as SendResult).type !== 'run') throw new Error(JSON.stringify(sent));
    return (sent.value as Extract<SendResult, { type: 'run' }>).runId;
  };
  const waitForEvent = (match: (event: TacoEvent) => boolean): Promise<TacoEvent> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = events.find(match);
        if (found) {
          listeners.delete(check);
          resolve(found);
        }
      };
      listeners.add(check);
      check();
    });
  const chats = () => fake.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false);
  return { services, events, send, waitForEvent, chats };
}

type ChatBody = { messages: Array<{ role: string; content: string; images?: string[] }> };

describe('MCP tools in the real agent loop (fake Ollama, real servers)', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('Stop during an MCP call ends the run at once, without waiting for the server', async () => {
    const { services, send, waitForEvent, events } = await setUp({ everything: everythingServer() }, [
      reply.toolCall('mcp__everything__trigger-long-running-operation', { duration: 600, steps: 600 }),
    ]);
    const runId = await send('Run the long operation');
    await waitForEvent((event) => event.type === 'tool-progress' && event.runId === runId);
    expect(await services.handle('run.cancel', { runId })).toMatchObject({ ok: true });
    const finish = await services.waitForRun(runId);
    expect(finish.reason).toBe('cancelled');
    await waitForEvent((event) => event.type === 'tool-error' && event.runId === runId);
    expect(events.find((event) => event.type === 'tool-error' && event.runId === runId)).toMatchObject({
      tool: 'mcp__everything__trigger-long-running-operation',
      error: 'Stopped before the tool finished.',
    });
  });

  it('an image result is shown (tool-result images) and reaches a vision model, never a text-only one', async () => {
    const { services, send, waitForEvent, chats } = await setUp({ everything: everythingServer() }, [
      reply.toolCall('mcp__everything__get-tiny-image', {}),
      reply.text('A small logo.'),
      reply.toolCall('mcp__everything__get-tiny-image', {}),
      reply.text('I cannot see images.'),
    ]);
    const visionRun = await send('Show me the image', visionModel.name);
    expect((await services.waitForRun(visionRun)).reason).toBe('complete');
    const result = await waitForEvent((event) => event.type === 'tool-result' && event.runId === visionRun);
    expect(result.type === 'tool-result' && result.images?.length).toBe(1);
    const toolMessage = (chats()[1]?.body as ChatBody).messages.find((message) => message.role === 'tool');
    expect(toolMessage?.images?.length).toBe(1);

    const textRun = await send('Show me the image again');
    expect((await services.waitForRun(textRun)).reason).toBe('complete');
    const textToolMessage = (chats()[3]?.body as ChatBody).messages.filter((message) => message.role === 'tool').at(-1);
    expect(textToolMessage?.content).toMatch(/\[image 1: image\/png/);
    expect(textToolMessage?.images).toBeUndefined();
  });

  it('a resource attached as a chip reaches the model after the message, is stored as a chip, and is read again for the next turn', async () => {
    const { services, events, chats } = await setUp({ everything: everythingServer() }, [
      reply.text('Read it.'),
      reply.text('Still there.'),
    ]);
    const listed = await services.handle('mcp.resources.list', {});
    const doc = (listed.ok ? (listed.value as { resources: Array<{ server: string; uri: string; name: string }> }).resources : []).find(
      (each) => each.uri.startsWith('demo://resource/static/document/'),
    );
    if (!doc) throw new Error('server-everything lists no document resource');
    const sent = await services.handle('chat.send', {
      conversationId: null,
      text: 'Summarise this',
      model: 'llama3.2:3b',
      resources: [{ server: 'everything', uri: doc.uri }],
    });
    if (!sent.ok || (sent.value as SendResult).type !== 'run') throw new Error(JSON.stringify(sent));
    const first = sent.value as Extract<SendResult, { type: 'run' }>;
    expect((await services.waitForRun(first.runId)).reason).toBe('complete');
    const userMessage = events.find((event) => event.type === 'user-message');
    expect(userMessage).toMatchObject({
      text: 'Summarise this',
      resources: [{ server: 'everything', uri: doc.uri, name: doc.name, truncated: false }],
    });
    const asked = (chats()[0]?.body as ChatBody).messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    expect(asked.startsWith('Summarise this\n\nResource ' + doc.uri + ' (MCP server everything):')).toBe(true);
    expect(asked.length).toBeGreaterThan('Summarise this'.length + 100);

    // The next turn rebuilds the history from the timeline: the resource is still in the first message.
    const again = await services.handle('chat.send', { conversationId: first.conversationId, text: 'And now?', model: 'llama3.2:3b' });
    if (!again.ok) throw new Error(JSON.stringify(again));
    expect((await services.waitForRun((again.value as Extract<SendResult, { type: 'run' }>).runId)).reason).toBe('complete');
    const history = (chats()[1]?.body as ChatBody).messages.filter((message) => message.role === 'user');
    expect(history.map((message) => message.content)).toEqual([asked, 'And now?']);
  });

  it('a resource that cannot be read refuses the send whole: no conversation, no run, the reason in words', async () => {
    const { services, chats } = await setUp({ everything: everythingServer() }, [reply.text('never')]);
    const before = await services.handle('conversations.list', {});
    const sent = await services.handle('chat.send', {
      conversationId: null,
      text: 'Summarise this',
      model: 'llama3.2:3b',
      resources: [{ server: 'nobody', uri: 'demo://resource/static/document/x' }],
    });
    expect(sent).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/could not be read, so nothing was sent: .*not ready/) },
    });
    expect(await services.handle('conversations.list', {})).toEqual(before);
    expect(chats()).toHaveLength(0);
  });

  it('isError results count as tool errors for the stop rules', async () => {
    const folder = cleanups.tempDir('taco-mcp-loop-files-');
    const { services, send, events, waitForEvent } = await setUp({ files: filesystemServer(folder) }, [
      reply.toolCall('mcp__files__read_file', { path: '/nope/1' }),
      reply.toolCall('mcp__files__read_file', { path: '/nope/2' }),
      reply.toolCall('mcp__files__read_file', { path: '/nope/3' }),
    ]);
    const runId = await send('Read three files');
    expect((await services.waitForRun(runId)).reason).toBe('consecutive_errors');
    // The last batch reaches subscribers a frame after the run has finished.
    await waitForEvent((event) => event.type === 'run-finish' && event.runId === runId);
    const errors = events.filter((event) => event.type === 'tool-error' && event.runId === runId);
    expect(errors.map((event) => (event.type === 'tool-error' ? event.tool : ''))).toEqual(Array(3).fill('mcp__files__read_file'));
    expect(errors[0]).toMatchObject({ error: expect.stringMatching(/denied|outside|allowed/i) });
  });
});
