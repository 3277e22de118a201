import { describe, expect, it } from 'vitest';
import type { EnhancedPromptView } from '../../../../shared/conversations/system-prompts';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { reply } from '../../../../test-support/fake-ollama/index';
import { callService } from '../../../services/app/testing/service-calls';
import { tacoRoutes } from './taco-routes';
import { API_KEY, startGatewayFixture } from '../testing/gateway-fixture';

const cleanups = cleanupAfterEach();

function call(url: string, method: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the system prompt library over the API', () => {
  it('stores a preset and answers /enhanced with the prompt plus what TACO adds; the key is required', async () => {
    const { api } = await startGatewayFixture(cleanups, { routes: tacoRoutes });
    const preset = {
      id: 'reviewer',
      name: 'Reviewer',
      prompt: 'Review the code.',
      defaultModel: null,
      options: {},
      allowedTools: ['calculate'],
    };
    const saved = await call(`${api.url}/system-prompts`, 'POST', preset);
    expect(saved.status).toBe(200);
    const list = (await (await call(`${api.url}/system-prompts`, 'GET')).json()) as { data: unknown[] };
    expect(list.data).toEqual([preset]);

    const enhanced = await call(`${api.url}/system-prompts/reviewer/enhanced`, 'GET');
    const view = (await enhanced.json()) as EnhancedPromptView;
    expect(view.native.system.startsWith('Review the code.')).toBe(true);
    expect(view.native.system).toContain('You have access to the following tools, by category: utility: calculate');
    expect(view.native.tools).toHaveLength(1);
    expect(view.prompt.system).toContain('calculate');
    expect(view.unknownTools).toEqual([]);

    const unauthenticated = await fetch(`${api.url}/system-prompts/reviewer/enhanced`);
    expect(unauthenticated.status).toBe(401);
    const missing = await call(`${api.url}/system-prompts/nobody/enhanced`, 'GET');
    expect(missing.status).toBe(404);
    const bad = await call(`${api.url}/system-prompts`, 'POST', { ...preset, id: 'Not An Id' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe('id');
    expect(await (await call(`${api.url}/system-prompts/reviewer`, 'DELETE')).json()).toEqual({ deleted: true });
  });

  it('a new conversation from a preset runs with its prompt and options, through the app call and through the enhanced endpoint', async () => {
    const { api, ollama, services } = await startGatewayFixture(cleanups, {
      routes: tacoRoutes,
      ollamaReplies: [reply.text('Reviewed.'), reply.text('Reviewed again.')],
    });
    const preset = {
      id: 'terse',
      name: 'Terse reviewer',
      prompt: 'PRESET PROMPT: be terse.',
      defaultModel: 'llama3.2:3b',
      options: { temperature: 0.1 },
      allowedTools: null,
    };
    await call(`${api.url}/system-prompts`, 'POST', preset);

    const created = await callService<ConversationSummary>(services, 'conversation.createFromPreset', { presetId: 'terse', model: null });
    expect(created).toMatchObject({
      title: 'Terse reviewer',
      model: 'llama3.2:3b',
      options: { systemPrompt: preset.prompt, temperature: 0.1 },
    });
    const enhanced = await callService<{ native: { system: string } }>(services, 'systemPrompts.enhanced', { id: 'terse' });
    expect(enhanced.native.system.startsWith(preset.prompt)).toBe(true);
    const seen = await callService<{ native: { system: string } }>(services, 'conversation.systemView', {
      conversationId: created.conversationId,
    });
    expect(seen.native.system).toBe(enhanced.native.system);

    const answer = await call(`${api.url}/taco/chat/completions`, 'POST', {
      model: 'llama3.2:3b',
      system_prompt_id: 'terse',
      messages: [{ role: 'user', content: 'Review this' }],
    });
    expect(((await answer.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe('Reviewed.');
    const sent = ollama.requests.find((request) => request.path === '/api/chat' && request.body?.stream !== false)?.body;
    const system = (sent?.messages as Array<{ role: string; content: string }>)[0];
    expect(system?.role).toBe('system');
    expect(system?.content.startsWith(preset.prompt)).toBe(true);
    expect((sent?.options as { temperature?: number }).temperature).toBe(0.1);
  });

  it('a conversation from a preset keeps its allowed tools (stored, read back for every run): no other tool is offered or runs', async () => {
    const { api, ollama, services } = await startGatewayFixture(cleanups, {
      routes: tacoRoutes,
      ollamaReplies: [reply.toolCall('run_command', { command: 'id' }), reply.text('I may only calculate.')],
    });
    const preset = {
      id: 'calc',
      name: 'Calculator',
      prompt: 'Calculate.',
      defaultModel: 'llama3.2:3b',
      options: {},
      allowedTools: ['calculate'],
    };
    await call(`${api.url}/system-prompts`, 'POST', preset);

    const created = await callService<ConversationSummary>(services, 'conversation.createFromPreset', { presetId: 'calc', model: null });
    expect(created.options?.allowedTools).toEqual(['calculate']);
    const view = await callService<EnhancedPromptView>(services, 'conversation.systemView', { conversationId: created.conversationId });
    expect(view.native.tools).toHaveLength(1);

    const answer = await call(`${api.url}/taco/chat/completions`, 'POST', {
      model: 'llama3.2:3b',
      conversation_id: created.conversationId,
      messages: [{ role: 'user', content: 'What is 2+2? Also run id.' }],
    });
    expect(answer.status).toBe(200);
    const chats = ollama.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false);
    const offered = (chats[0]?.body?.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    expect(offered).toEqual(['calculate']);
    const fedBack = (chats[1]?.body?.messages as Array<{ role: string; content: string }>).find((message) => message.role === 'tool');
    expect(fedBack?.content).toContain('Not run: the tool "run_command" is not available here.');
  });
});
