import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBuiltInServer } from '../../../shared/models/built-in-server';
import type { ServerConfig } from '../../../shared/models/servers';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { writeTinyGguf } from '../../../test-support/gguf/tiny-gguf';
import { createAppServices } from '../../services/app/app-services';
import { unloadEngineModel } from '../../services/engine/engine-model';
import { startApiHost, type ApiHost } from './api-host';

/**
 * The local API in front of the built-in engine with a real (tiny, random) model: listed in
 * /v1/models beside whatever else is set up, answered by /v1/chat/completions through the app's
 * own provider, streamed or not, with a tool call the engine's grammar wrote. No Ollama runs.
 */
const KEY = 'taco-test-key-built-in-0123456789';
const cleanups = cleanupAfterAll();
let api: ApiHost;

const LIST_TOOL = {
  type: 'function',
  function: {
    name: 'list_directory',
    description: 'List a folder',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};

/** A reply the grammar keeps short, so a random model's answer has a known end. */
const YES_OR_NO = { type: 'object', properties: { answer: { type: 'string', enum: ['yes', 'no'] } }, required: ['answer'] };

beforeAll(async () => {
  const folder = cleanups.tempDir('taco-api-gguf-');
  const options = { contextSize: 2048, threads: 1 };
  let servers: ServerConfig[] = [];
  for (const [id, file] of [
    ['talker', writeTinyGguf(join(folder, 'talker.gguf'), { eosBias: -6 })],
    ['caller', writeTinyGguf(join(folder, 'caller.gguf'), { toolCallBias: 12 })],
  ] as const)
    servers = addBuiltInServer(servers, file, { ...options, id }).servers;
  const notGguf = join(folder, 'notes.gguf');
  writeFileSync(notGguf, 'plain text, not a model');
  servers = addBuiltInServer(servers, notGguf, { ...options, id: 'broken' }).servers;
  const services = await createAppServices({
    dataDir: cleanups.tempDir('taco-api-data-'),
    // Nothing listens here: the machine has no Ollama.
    ollamaHost: 'http://127.0.0.1:9',
    openExternal: async () => undefined,
  });
  cleanups.defer(() => services.dispose());
  const set = await services.handle('settings.set', { servers });
  if (!set.ok) throw new Error(set.error.message);
  api = await startApiHost({ port: 0, key: KEY, dataDir: cleanups.tempDir('taco-api-unused-'), services });
  cleanups.defer(() => api.close());
});
afterAll(() => unloadEngineModel());

function post(body: unknown): Promise<Response> {
  return fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

type Chunk = {
  choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, number>;
  model: string;
};

async function sse(response: Response): Promise<Chunk[]> {
  const text = await response.text();
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
  expect(data.at(-1)).toBe('[DONE]');
  return data.slice(0, -1).map((line) => JSON.parse(line) as Chunk);
}

describe('the local API serves the built-in engine', () => {
  it('lists built-in models in /v1/models while Ollama is unreachable', async () => {
    const response = await fetch(`${api.url}/models`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(200);
    const ids = ((await response.json()) as { data: Array<{ id: string; owned_by: string }> }).data.map((model) => model.id);
    expect(ids).toEqual(expect.arrayContaining(['talker::talker.gguf', 'caller::caller.gguf']));
  });

  it('answers a chat completion with the model’s text, shaped by response_format (the engine’s grammar), a finish reason and usage', async () => {
    const response = await post({
      model: 'talker::talker.gguf',
      messages: [{ role: 'user', content: 'hello' }],
      response_format: { type: 'json_schema', json_schema: { name: 'reply', schema: YES_OR_NO } },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      model: string;
      choices: Array<{ message: { role: string; content: string }; finish_reason: string }>;
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    };
    expect(body.model).toBe('talker::talker.gguf');
    expect(body.choices[0]?.message.role).toBe('assistant');
    expect(['yes', 'no']).toContain((JSON.parse(body.choices[0]?.message.content ?? '') as { answer: string }).answer);
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it('streams a tool call the grammar wrote (name and schema-shaped JSON arguments), ends with tool_calls and the usage chunk', async () => {
    const response = await post({
      model: 'caller::caller.gguf',
      stream: true,
      stream_options: { include_usage: true },
      tools: [LIST_TOOL],
      messages: [{ role: 'user', content: 'list the files' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const chunks = await sse(response);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.every((chunk) => chunk.model === 'caller::caller.gguf')).toBe(true);
    const calls = chunks.flatMap(
      (chunk) => (chunk.choices[0]?.delta.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }>) ?? [],
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.id).toMatch(/^call_/);
    expect(calls[0]?.function.name).toBe('list_directory');
    expect(typeof (JSON.parse(calls[0]?.function.arguments ?? 'null') as { path: unknown }).path).toBe('string');
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it('takes a conversation with the call and its result back (the client runs the tool) and answers again', async () => {
    const response = await post({
      model: 'caller::caller.gguf',
      tools: [LIST_TOOL],
      messages: [
        { role: 'user', content: 'list the files' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_directory', arguments: '{"path":"."}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'notes.txt' },
      ],
    });
    expect(response.status).toBe(200);
    // This model opens a call whenever tools are offered: the history with a filled call and its result was taken.
    const body = (await response.json()) as { choices: Array<{ finish_reason: string }>; usage: { prompt_tokens: number } };
    expect(body.choices[0]?.finish_reason).toBe('tool_calls');
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('a model file that is not GGUF is an error in words, not a broken stream', async () => {
    const response = await post({ model: 'broken::notes.gguf', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).toMatch(/not a GGUF model file/);
    expect(body.error.code).toBe('model_server_error');
  });

  it('a tool-call argument that is not JSON is a 400 before the engine is asked', async () => {
    const response = await post({
      model: 'talker::talker.gguf',
      messages: [
        { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{' } }] },
      ],
    });
    expect(response.status).toBe(400);
  });
});
