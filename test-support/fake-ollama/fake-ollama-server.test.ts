import { Ollama, type ChatResponse } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from './fake-ollama-server';
import { chunk, reply } from './reply-builders';
import { GREETING } from './scenarios/chat/basic-chat';
import { HTTP_500_MESSAGE } from './scenarios/errors/http-error-500';
import { MID_STREAM_ERROR } from './scenarios/errors/mid-stream-error';
import { standardModels } from './scenarios/models/standard-models';
import { THINKING_ANSWER, THINKING_TEXT } from './scenarios/chat/thinking';
import type { Scenario } from './scenario-types';

const running: FakeOllama[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(scenario: Scenario | string): Promise<{ fake: FakeOllama; client: Ollama }> {
  const fake = await startFakeOllama({ scenario });
  running.push(fake);
  return { fake, client: new Ollama({ host: fake.url }) };
}

const user = (content: string) => [{ role: 'user', content }];

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const parts: ChatResponse[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

async function failure(promise: Promise<unknown>): Promise<Error & { status_code?: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`expected an Error, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

function script(partial: Partial<Scenario>): Scenario {
  return { name: 'test-script', description: 'test', models: standardModels(), replies: [], ...partial };
}

describe('fake Ollama: model endpoints', () => {
  it('lists models with details and capabilities, and reports its version', async () => {
    const { client } = await start('basic-chat');
    const list = await client.list();
    expect(list.models.map((model) => model.name)).toEqual(['llama3.2:3b', 'qwen3:4b', 'gemma:2b']);
    const qwen = list.models[1] as unknown as {
      capabilities: string[];
      details: { family: string; quantization_level: string };
      size: number;
    };
    expect(qwen.capabilities).toEqual(['completion', 'tools', 'thinking']);
    expect(qwen.details.family).toBe('qwen3');
    expect(qwen.size).toBeGreaterThan(0);
    expect((await client.version()).version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('shows capabilities and "<arch>.context_length", and 404s unknown models', async () => {
    const { client } = await start('basic-chat');
    const show = await client.show({ model: 'llama3.2:3b' });
    expect(show.capabilities).toEqual(['completion', 'tools']);
    expect((show.model_info as unknown as Record<string, unknown>)['llama.context_length']).toBe(131_072);
    const error = await failure(client.show({ model: 'nope:1b' }));
    expect(error.status_code).toBe(404);
    expect(error.message).toBe("model 'nope:1b' not found");
  });

  it('streams pull progress, then lists the pulled model; delete removes it', async () => {
    const { client } = await start('pull-progress');
    const lines = await collect((await client.pull({ model: 'llama3.2:3b', stream: true })) as unknown as AsyncIterable<ChatResponse>);
    const progress = lines as unknown as Array<{ status: string; total?: number; completed?: number; digest?: string }>;
    expect(progress[0]?.status).toBe('pulling manifest');
    const layer = progress.filter((line) => line.total !== undefined);
    expect(layer.length).toBeGreaterThan(2);
    expect(layer.at(-1)?.completed).toBe(layer.at(-1)?.total);
    expect(layer[0]?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(progress.at(-1)?.status).toBe('success');
    expect((await client.list()).models.map((model) => model.name)).toContain('llama3.2:3b');

    await client.delete({ model: 'llama3.2:3b' });
    expect((await client.list()).models.map((model) => model.name)).not.toContain('llama3.2:3b');
    expect((await failure(client.delete({ model: 'llama3.2:3b' }))).status_code).toBe(404);
  });

  it('answers 404 to unknown paths', async () => {
    const { fake } = await start('basic-chat');
    const response = await fetch(`${fake.url}/api/nothing`);
    expect(response.status).toBe(404);
  });
});

describe('fake Ollama: chat', () => {
  it('streams the greeting in several chunks, ends with counts, and records the request', async () => {
    const { fake, client } = await start('basic-chat');
    const parts = await collect(
      await client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true, options: { num_ctx: 8192 } }),
    );
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.map((part) => part.message.content).join('')).toBe(GREETING);
    const last = parts.at(-1);
    expect(last?.done).toBe(true);
    expect(last?.done_reason).toBe('stop');
    expect(last?.eval_count).toBeGreaterThan(0);
    expect(last?.eval_duration).toBeGreaterThan(0);
    expect(last?.prompt_eval_count).toBeGreaterThan(0);
    const recorded = fake.requests.find((request) => request.path === '/api/chat');
    expect(recorded?.method).toBe('POST');
    expect(recorded?.body?.messages).toEqual(user('hi'));
    expect(recorded?.body?.options).toEqual({ num_ctx: 8192 });
  });

  it('refuses tools for a model without the tools capability, and think for one without thinking', async () => {
    const { client } = await start('basic-chat');
    const tools = [
      {
        type: 'function',
        function: { name: 'read_file', description: 'Read', parameters: { type: 'object', properties: {}, required: [] } },
      },
    ];
    const noTools = await failure(client.chat({ model: 'gemma:2b', messages: user('hi'), tools, stream: true }));
    expect(noTools.status_code).toBe(400);
    expect(noTools.message).toBe('registry.ollama.ai/library/gemma:2b does not support tools');
    const noThink = await failure(client.chat({ model: 'llama3.2:3b', messages: user('hi'), think: true, stream: true }));
    expect(noThink.status_code).toBe(400);
    expect(noThink.message).toContain('does not support thinking');
    const ok = await collect(await client.chat({ model: 'qwen3:4b', messages: user('hi'), tools, think: true, stream: true }));
    expect(ok.at(-1)?.done).toBe(true);
  });

  it('answers 404 for a model that is not installed', async () => {
    const { client } = await start('model-not-found');
    expect((await client.list()).models.map((model) => model.name)).toContain('llama3.2:3b');
    const error = await failure(client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true }));
    expect(error.status_code).toBe(404);
    expect(error.message).toContain('not found');
    expect((await failure(client.show({ model: 'llama3.2:3b' }))).status_code).toBe(404);
  });

  it('streams thinking before content', async () => {
    const { client } = await start('thinking');
    const parts = await collect(await client.chat({ model: 'qwen3:4b', messages: user('hi'), think: true, stream: true }));
    expect(parts.map((part) => part.message.thinking ?? '').join('')).toBe(THINKING_TEXT);
    expect(parts.map((part) => part.message.content).join('')).toBe(THINKING_ANSWER);
    const firstContent = parts.findIndex((part) => part.message.content !== '');
    const lastThinking = parts.findLastIndex((part) => (part.message.thinking ?? '') !== '');
    expect(lastThinking).toBeLessThan(firstContent);
  });

  it('plays scripted replies in call order, tool calls included, then fails loudly when they run out', async () => {
    const { client } = await start(
      script({ replies: [reply.toolCall('read_file', { path: 'a.txt' }, { text: 'Reading. ' }), reply.text('The file says hi.')] }),
    );
    const first = await collect(await client.chat({ model: 'llama3.2:3b', messages: user('read a.txt'), stream: true }));
    // The shape of server/routes.go toolCallId and api/types.go ToolCall (ollama v0.33).
    expect(first.flatMap((part) => part.message.tool_calls ?? [])).toEqual([
      { id: 'call_00000100', function: { index: 0, name: 'read_file', arguments: { path: 'a.txt' } } },
    ]);
    expect(first.map((part) => part.message.content).join('')).toBe('Reading. ');
    const second = await collect(
      await client.chat({
        model: 'llama3.2:3b',
        stream: true,
        messages: [
          ...user('read a.txt'),
          { role: 'assistant', content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt' } } }] },
          { role: 'tool', content: 'hi', tool_name: 'read_file' },
        ],
      }),
    );
    expect(second.map((part) => part.message.content).join('')).toBe('The file says hi.');
    const third = await failure(client.chat({ model: 'llama3.2:3b', messages: user('again'), stream: true }));
    expect(third.status_code).toBe(500);
    expect(third.message).toContain('no reply for chat call 3');
  });

  it('rejects tool calls whose arguments are not an object, as Ollama does', async () => {
    const { fake } = await start('basic-chat');
    const response = await fetch(`${fake.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'llama3.2:3b',
        messages: [{ role: 'assistant', content: '', tool_calls: [{ function: { name: 'x', arguments: '{}' } }] }],
      }),
    });
    expect(response.status).toBe(400);
  });

  it('answers reply functions from the request, and stream:false from the side rules', async () => {
    const { client } = await start(
      script({
        replies: [reply.echo()],
        sideRules: [
          { when: (request) => JSON.stringify(request.messages).includes('status'), reply: reply.text('Reading the config file') },
        ],
        sideDefault: reply.text('default side'),
      }),
    );
    const echoed = await collect(await client.chat({ model: 'llama3.2:3b', messages: user('ping 42'), stream: true }));
    expect(echoed.map((part) => part.message.content).join('')).toBe('You said: ping 42');
    const status = await client.chat({
      model: 'llama3.2:3b',
      messages: user('status for read_file'),
      stream: false,
      options: { num_predict: 20 },
    });
    expect(status.message.content).toBe('Reading the config file');
    expect(status.done).toBe(true);
    const other = await client.chat({ model: 'llama3.2:3b', messages: user('something else'), stream: false });
    expect(other.message.content).toBe('default side');
  });

  it('reports an HTTP 500 with its error text', async () => {
    const { client } = await start('http-error-500');
    const error = await failure(client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true }));
    expect(error.status_code).toBe(500);
    expect(error.message).toBe(HTTP_500_MESSAGE);
  });

  it('sends a mid-stream error line after some chunks', async () => {
    const { client } = await start('mid-stream-error');
    const seen: string[] = [];
    const stream = await client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true });
    const error = await failure(
      (async () => {
        for await (const part of stream) seen.push(part.message.content);
      })(),
    );
    expect(seen.join('')).toBe('Let me think about that');
    expect(error.message).toBe(MID_STREAM_ERROR);
  });

  it('ends a truncated stream without done, cleanly or by resetting the connection', async () => {
    const { client, fake } = await start('truncated-stream');
    const clean = await failure(collect(await client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true })));
    expect(clean.message).toContain('Did not receive done');
    fake.setScenario(script({ replies: [reply.truncated([chunk.content('partial ')], { abrupt: true })] }));
    const abrupt = await failure(collect(await client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true })));
    expect(abrupt.message).not.toContain('Did not receive done');
  });

  it('stalls until the client aborts', async () => {
    const { client } = await start(script({ replies: [reply.stall([chunk.content('waiting ')])] }));
    const stream = await client.chat({ model: 'llama3.2:3b', messages: user('hi'), stream: true });
    const seen: string[] = [];
    const done = failure(
      (async () => {
        for await (const part of stream) {
          seen.push(part.message.content);
          stream.abort();
        }
      })(),
    );
    const error = await done;
    expect(seen).toEqual(['waiting ']);
    expect(error.name).toBe('AbortError');
  });

  it('streams 20,000 one-token chunks from the long-stream scenario', async () => {
    const { client } = await start('long-stream');
    let chunks = 0;
    let final: ChatResponse | undefined;
    for await (const part of await client.chat({ model: 'llama3.2:3b', messages: user('Write 20000 tokens'), stream: true })) {
      if (part.done) final = part;
      else chunks += 1;
    }
    expect(chunks).toBe(20_000);
    expect(final?.eval_count).toBe(20_000);
  });

  it('setScenario switches the script and resets the call counter', async () => {
    const { client, fake } = await start(script({ replies: [reply.text('one')] }));
    const text = async () =>
      (await collect(await client.chat({ model: 'llama3.2:3b', messages: user('x'), stream: true })))
        .map((p) => p.message.content)
        .join('');
    expect(await text()).toBe('one');
    fake.setScenario(script({ replies: [reply.text('two')] }));
    expect(await text()).toBe('two');
  });
});
