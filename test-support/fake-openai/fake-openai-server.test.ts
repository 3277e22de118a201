import { afterEach, describe, expect, it } from 'vitest';
import { openAiModels, openAiReply, startFakeOpenAi, type FakeOpenAi } from './index';

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function post(fake: FakeOpenAi, body: object, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function events(text: string): string[] {
  return text
    .split('\n\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
}

describe('fake OpenAI-compatible server: the wire protocol', () => {
  it('streams SSE data chunks, tool-call deltas split by index, a usage chunk, then [DONE]', async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 't',
        models: [openAiModels.withTools('m')],
        replies: [openAiReply.toolCall('read_file', { path: 'abcdefgh.txt' })],
      },
    });
    running.push(fake);
    const response = await post(fake, {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const data = events(await response.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map(
      (line) =>
        JSON.parse(line) as {
          choices: Array<{
            delta: { tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments?: string } }> };
            finish_reason: string | null;
          }>;
          usage?: object;
        },
    );
    const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
    expect(deltas[0]).toMatchObject({ index: 0, id: expect.any(String), function: { name: 'read_file', arguments: '' } });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.slice(1).every((delta) => delta.id === undefined && delta.function.name === undefined)).toBe(true);
    expect(JSON.parse(deltas.map((delta) => delta.function.arguments ?? '').join(''))).toEqual({ path: 'abcdefgh.txt' });
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason === 'tool_calls')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it('answers errors as OpenAI error JSON: 429 with Retry-After, 400 for tools on a model without them, 401 without the header', async () => {
    const fake = await startFakeOpenAi({
      scenario: { name: 't', models: [openAiModels.withoutTools('p')], replies: [openAiReply.httpError(429, 'slow down', 2)] },
      requireHeader: { name: 'x-key', value: 'k' },
    });
    running.push(fake);
    const body = { model: 'p', stream: true, messages: [{ role: 'user', content: 'x' }] };
    expect((await post(fake, body)).status).toBe(401);
    const busy = await post(fake, body, { 'x-key': 'k' });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toMatchObject({ error: { message: 'slow down', type: expect.any(String) } });
    const tools = await post(fake, { ...body, tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] }, { 'x-key': 'k' });
    expect(tools.status).toBe(400);
    expect(fake.requests.at(-1)?.headers['x-key']).toBe('k');
  });
});
