import type { ChatRequest, Tool } from 'ollama';
import { describe, expect, it } from 'vitest';
import { requestJson } from './request-json';

const tool = (name: string, extra: Record<string, unknown> = {}): Tool => ({
  type: 'function',
  function: {
    name,
    description: `Does ${name}. "Quoted", back\\slash, ünïcode ✓, a line\nbreak.`,
    parameters: { type: 'object', properties: { path: { type: 'string', description: 'Where.' }, ...extra }, required: ['path'] },
  },
});

describe('requestJson', () => {
  it('writes exactly what JSON.stringify writes, for requests with and without tools', () => {
    const tools = [tool('read_file'), tool('write_file', { content: { type: 'string' } }), tool('calculate')];
    const requests: ChatRequest[] = [
      { model: 'qwen3:4b', messages: [{ role: 'user', content: 'hi' }], stream: true },
      { model: 'qwen3:4b', messages: [{ role: 'user', content: 'hi' }], tools: [], stream: true },
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools, stream: true, options: { num_ctx: 8192 }, keep_alive: '5m' },
      // Text that looks like the tools key, in a message and in a call's arguments.
      {
        model: 'm',
        messages: [
          { role: 'user', content: 'write {"tools":"x"} and "tools":[] please' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'write_file', arguments: { tools: 'taco-tools-0', path: 'a' } } }],
          },
          { role: 'tool', content: '"tools":"taco-tools-"', tool_name: 'write_file' },
        ],
        tools,
        stream: true,
        think: true,
      },
      { tools, model: 'tools first', messages: [], stream: false },
    ];
    for (const request of requests) expect(requestJson(request)).toBe(JSON.stringify(request));
  });

  it('writes each definition once, however many steps offer it', () => {
    let reads = 0;
    const counted = tool('counted');
    const definition = { ...counted } as Tool;
    Object.defineProperty(definition, 'function', {
      enumerable: true,
      get: () => {
        reads += 1;
        return counted.function;
      },
    });
    const tools = [tool('other'), definition];
    const first = requestJson({ model: 'm', messages: [{ role: 'user', content: 'one' }], tools, stream: true });
    const second = requestJson({ model: 'm', messages: [{ role: 'user', content: 'two' }], tools, stream: true });
    expect(reads).toBe(1);
    expect(JSON.parse(first)).toMatchObject({ tools: [{ function: { name: 'other' } }, { function: { name: 'counted' } }] });
    expect(second).toBe(first.replace('"one"', '"two"'));
  });
});
