import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, standardModels, qwen3 } from '../fake-ollama/index';
import { startFakeOpenAi } from '../fake-openai/index';
import * as ollama from './ollama-replays';
import * as openai from './openai-replays';
import * as llamaCpp from './llama-cpp-replays';
import { replayBody, type Replay } from './replay-types';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const all = (module: Record<string, unknown>): Array<[string, Replay]> =>
  Object.entries(module).filter(
    (entry): entry is [string, Replay] => typeof entry[1] === 'object' && entry[1] !== null && 'writes' in entry[1],
  );

describe('the replay corpus', () => {
  it.each([...all(ollama), ...all(openai), ...all(llamaCpp)])('%s names its source and is well-formed', (_name, replay) => {
    expect(replay.origin).toMatch(/(ollama|llama\.cpp|vLLM|LM Studio)/);
    const body = replayBody(replay);
    const type = replay.headers['Content-Type'] ?? '';
    if (type.includes('x-ndjson')) {
      for (const line of body.split('\n').filter(Boolean)) expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(body.endsWith('\n')).toBe(true);
    } else if (type.includes('json')) {
      expect(() => JSON.parse(body) as unknown).not.toThrow();
    } else if (type.includes('event-stream')) {
      for (const event of body.split('\n\n').filter(Boolean)) expect(event).toMatch(/^(data|error): /);
    }
  });

  it('the fake Ollama serves a replay byte for byte, status and content type included', async () => {
    const fake = await startFakeOllama({
      scenario: {
        name: 'replay',
        description: 'replayed bytes',
        models: standardModels(),
        replies: [{ type: 'replay', replay: ollama.qwen3MalformedCallMidStream }],
      },
    });
    closers.push(() => fake.close());
    const response = await fetch(`${fake.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: qwen3.name, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await response.text()).toBe(replayBody(ollama.qwen3MalformedCallMidStream));
  });

  it('the fake OpenAI server serves replays for chat and for extra GET routes', async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'replay',
        models: [{ id: 'm', tools: true }],
        replies: [{ type: 'replay', replay: llamaCpp.llamaCppLoadingModel }],
        routes: { 'GET /props': llamaCpp.llamaCppPropsCaptured },
      },
    });
    closers.push(() => fake.close());
    const chat = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(chat.status).toBe(503);
    expect(await chat.text()).toBe(replayBody(llamaCpp.llamaCppLoadingModel));
    const props = await fetch(`${fake.url}/props`);
    expect(await props.text()).toBe(replayBody(llamaCpp.llamaCppPropsCaptured));
  });
});

describe('the fake Ollama refuses what the real one refuses', () => {
  it('keep_alive "300" is the HTTP 400 of the real server, byte for byte', async () => {
    const fake = await startFakeOllama({ scenario: { name: 'k', description: 'keep_alive', models: standardModels(), replies: [] } });
    closers.push(() => fake.close());
    const response = await fetch(`${fake.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: qwen3.name, messages: [{ role: 'user', content: 'hi' }], keep_alive: '300' }),
    });
    expect(response.status).toBe(ollama.keepAliveMissingUnit.status);
    expect(await response.text()).toBe(replayBody(ollama.keepAliveMissingUnit));
  });
});
