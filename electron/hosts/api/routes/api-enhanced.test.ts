import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { chunk, reply } from '../../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { callService } from '../../../services/app/testing/service-calls';
import { enhancedRoutes } from './enhanced-routes';
import { API_KEY, startGatewayFixture } from '../testing/gateway-fixture';

const cleanups = cleanupAfterEach();
const CLIENT_SYSTEM = 'You are a client-side prompt that TACO must not send.';

type TacoChunk = OpenAI.Chat.Completions.ChatCompletionChunk & {
  taco?: TacoEvent | { type: string; conversation_id: string; run_id: string };
};

describe('the enhanced endpoint runs TACO’s agent', () => {
  it('streams a tool round and the answer; the model receives TACO’s system prompt; the run is a stored conversation', async () => {
    const { api, ollama, services } = await startGatewayFixture(cleanups, {
      routes: enhancedRoutes,
      ollamaReplies: [reply.toolCall('calculate', { expression: '6*7' }), reply.text('It is 42.')],
    });
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [
        { role: 'system', content: CLIENT_SYSTEM },
        // The request names what it needs, so the tool selection offers calculate (a call may use only an offered tool).
        { role: 'user', content: 'Calculate 6*7.' },
      ],
    });
    let text = '';
    const events: string[] = [];
    let conversationId = '';
    for await (const chunk of stream as AsyncIterable<TacoChunk>) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.taco) events.push(chunk.taco.type);
      if (chunk.taco && 'conversation_id' in chunk.taco) conversationId = chunk.taco.conversation_id;
    }
    expect(text).toBe('It is 42.');
    expect(events).toEqual(expect.arrayContaining(['run-start', 'tool-call', 'tool-result', 'run-finish']));
    expect(events.indexOf('tool-call')).toBeLessThan(events.indexOf('tool-result'));
    expect(events.at(-1)).toBe('run-finish');

    const first = ollama.requests.find((request) => request.path === '/api/chat' && request.body?.stream !== false)?.body;
    const messages = first?.messages as Array<{ role: string; content: string }>;
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain('You have access to the following tools');
    expect(JSON.stringify(messages)).not.toContain(CLIENT_SYSTEM);

    const stored = await callService<ConversationSummary[]>(services, 'conversations.list', {});
    expect(stored.map((conversation) => conversation.conversationId)).toContain(conversationId);
  });

  it('an approval appears on the stream (and to the window); with --allow-api-approvals the client answers it and the run goes on', async () => {
    const workspace = cleanups.tempDir('taco-api-ws-');
    const { api, services } = await startGatewayFixture(cleanups, {
      routes: enhancedRoutes,
      workspace,
      allowApprovals: true,
      ollamaReplies: [reply.toolCall('write_file', { path: 'note.txt', content: 'hello' }), reply.text('Written.')],
    });
    const windowEvents: TacoEvent[] = [];
    services.subscribe((batch) => windowEvents.push(...batch));
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'Write note.txt' }],
    });
    let text = '';
    for await (const chunk of stream as AsyncIterable<TacoChunk>) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.taco?.type === 'approval-request') {
        expect(windowEvents.some((event) => event.type === 'approval-request')).toBe(true);
        const answer = await fetch(`${api.url}/taco/approvals/${(chunk.taco as { approvalId: string }).approvalId}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ decision: 'allow-once' }),
        });
        expect(await answer.json()).toMatchObject({ accepted: true });
      }
    }
    expect(text).toBe('Written.');
    expect(existsSync(join(workspace, 'note.txt')) && readFileSync(join(workspace, 'note.txt'), 'utf8')).toBe('hello');
  });

  it('answers without streaming, and names a bad answer call’s cause', async () => {
    const { api } = await startGatewayFixture(cleanups, {
      routes: enhancedRoutes,
      allowApprovals: true,
      ollamaReplies: [reply.text('Plain answer.')],
    });
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'Hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Plain answer.');
    const bad = await fetch(`${api.url}/taco/approvals/nope`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'maybe' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: expect.any(String), type: 'invalid_request_error' } });
  });

  it('a client that goes away cancels its run', async () => {
    const { api, services } = await startGatewayFixture(cleanups, {
      routes: enhancedRoutes,
      ollamaReplies: [reply.stall([chunk.content('Working on it')])],
    });
    const controller = new AbortController();
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create(
      { model: 'llama3.2:3b', stream: true, messages: [{ role: 'user', content: 'Take your time' }] },
      { signal: controller.signal },
    );
    let runId = '';
    for await (const part of stream as AsyncIterable<TacoChunk>) {
      if (part.taco && 'run_id' in part.taco) runId = part.taco.run_id;
      if (part.choices[0]?.delta.content) break;
    }
    controller.abort();
    expect(runId).not.toBe('');
    expect((await services.waitForRun(runId)).reason).toBe('cancelled');
  });

  it('a run stopped by the model server’s error is an error for the client, in the server’s words', async () => {
    const { api } = await startGatewayFixture(cleanups, {
      routes: enhancedRoutes,
      ollamaReplies: Array.from({ length: 4 }, () => reply.httpError(500, 'model runner crashed')),
    });
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'Hi' }] }),
    ).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('model runner crashed'),
    });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const read = (async () => {
      for await (const part of stream) void part;
    })();
    await expect(read).rejects.toThrow(/model runner crashed/);
  });
});
