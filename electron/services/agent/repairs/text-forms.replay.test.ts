import { afterEach, describe, expect, it } from 'vitest';
import {
  gemma2b,
  llama32,
  qwen3,
  reply,
  standardModels,
  startFakeOllama,
  type FakeOllama,
} from '../../../../test-support/fake-ollama/index';
import { thinkTagsInContent, toolCallTagInContent } from '../../../../test-support/replays/ollama-replays';
import { createOllamaProvider } from '../../provider/ollama/ollama-provider';
import type { ProviderChunk } from '../../provider/provider-types';
import { runAgent } from '../loop/run-agent';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from '../integration/fake-ollama-harness';

let run: FakeRun | null = null;
let fake: FakeOllama | null = null;
afterEach(async () => {
  await run?.fake.close();
  await fake?.close();
  run = null;
  fake = null;
});

describe('text forms real Ollama leaves in content', () => {
  it('<tool_call> tags (no tools sent: prompt mode) are read as the call and never shown', async () => {
    run = await startFakeRun({
      name: 'tags',
      description: 'hermes tags in content',
      models: standardModels(),
      replies: [{ type: 'replay', replay: toolCallTagInContent }, reply.text('It says hi.')],
    });
    const readFile = testTool({
      id: 'read_file',
      description: 'Read a file.',
      parameters: { path: { type: 'string', description: 'Path.' } },
      run: (args) => `contents of ${String(args['path'])}`,
    });
    const h = run.harness({ tools: testRegistry(readFile), model: gemma2b.name, userText: 'What is in a.txt?' });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.text()).not.toContain('tool_call');
    expect(h.of('tool-call').map((event) => event.tool)).toEqual(['read_file']);
  });

  it('in the summary at max_iterations (no tools sent) a <tool_call> the model writes anyway is neither run nor shown', async () => {
    run = await startFakeRun({
      name: 'summary-tags',
      description: 'hermes tags in the summary',
      models: standardModels(),
      replies: [reply.toolCall('read_file', { path: 'a.txt' }), { type: 'replay', replay: toolCallTagInContent }],
    });
    const ran: unknown[] = [];
    const readFile = testTool({
      id: 'read_file',
      description: 'Read a file.',
      parameters: { path: { type: 'string', description: 'Path.' } },
      run: (args) => {
        ran.push(args);
        return 'hi';
      },
    });
    const h = run.harness({ tools: testRegistry(readFile), model: llama32.name, userText: 'Read a.txt', limits: { maxIterations: 1 } });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('max_iterations');
    expect(ran).toHaveLength(1);
    expect(h.text()).not.toContain('tool_call');
    expect(h.text()).not.toContain('"arguments"');
    const summaryRequest = run.chatBodies().filter((body) => body['stream'] !== false)[1];
    expect(summaryRequest?.['tools']).toBeUndefined();
  });

  it('<think>…</think> in content (Ollama < 0.9, old qwen3 pulls) becomes thinking, not answer text', async () => {
    fake = await startFakeOllama({
      scenario: {
        name: 'think',
        description: 'think tags',
        models: standardModels(),
        replies: [{ type: 'replay', replay: thinkTagsInContent }],
      },
    });
    const provider = createOllamaProvider({ host: fake.url, maxContextTokens: 8192 });
    const chunks: ProviderChunk[] = [];
    for await (const chunk of provider.streamChat({
      model: qwen3.name,
      messages: [{ role: 'user', content: 'hi' }],
      signal: new AbortController().signal,
    }))
      chunks.push(chunk);

    const joined = (type: 'text' | 'thinking') => chunks.map((chunk) => (chunk.type === type ? chunk.text : '')).join('');
    expect(joined('thinking')).toBe('The user greets me.');
    expect(joined('text').trim()).toBe('Hello!');
  });
});
