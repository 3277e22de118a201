import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type FakeOpenAiChatRequest,
  type OpenAiReply,
} from '../../../../../test-support/fake-openai/index';
import {
  llamaCppToolSchemaAcceptance,
  llamaCppToolSchemaUnanchoredPattern,
  llamaCppToolSchemaUnrecognized,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { JsonObject } from '../../../../../shared/contract/json';
import type { RegisteredTool } from '../../../../../tools/catalogue/tool-runtime-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/*
 * llama.cpp 82bb48500a9a compiles every tool's parameters into a grammar and fails the whole
 * request when it cannot (captures tools-bad-schema and tool-schema-acceptance.json). The fake
 * answers as that server did: the 400 while a tool it cannot compile is offered, else an answer.
 */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

/** A tool whose parameters are the given JSON schema (as an MCP server may declare them). */
function schemaTool(id: string, parameters: JsonObject): RegisteredTool {
  const tool = testTool({ id, parameters: { q: { type: 'string' } } });
  // MCP servers declare any JSON schema; the definition's type names only the usual shape.
  const declared = parameters as RegisteredTool['definition']['function']['parameters'];
  return { ...tool, definition: { type: 'function', function: { name: id, description: `Tool ${id}.`, parameters: declared } } };
}

const readFile = schemaTool('read_file', { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
const unanchored = llamaCppToolSchemaAcceptance['pattern-unanchored']?.schema as JsonObject;
const zipLookup = schemaTool('zip_lookup', unanchored);
const nonsense = schemaTool('odd_tool', { type: 'object', properties: { a: { type: 'nonsense' } } });

/** As the captured server: 400 while any offered tool has an unanchored pattern or an unknown type. */
function asLlamaCpp(answer: OpenAiReply) {
  return (request: FakeOpenAiChatRequest): OpenAiReply => {
    const tools = JSON.stringify(request.tools ?? []);
    if (tools.includes('"pattern":"[0-9]{3}"')) return { type: 'replay', replay: llamaCppToolSchemaUnanchoredPattern };
    if (tools.includes('"type":"nonsense"')) return { type: 'replay', replay: llamaCppToolSchemaUnrecognized };
    return answer;
  };
}

async function start() {
  const fake = await startFakeOpenAi({
    scenario: { name: 'schemas', models: [{ id: 'm', tools: true }], replies: [], whenExhausted: asLlamaCpp(openAiReply.text('Done.')) },
  });
  running.push(fake);
  const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { m: true } });
  return { fake, provider };
}

const streamed = (fake: FakeOpenAi) => fake.requests.filter((request) => request.body?.['stream'] === true);
const toolNames = (body: JsonObject | null | undefined): string[] =>
  ((body?.['tools'] as Array<{ function: { name: string } }> | undefined) ?? []).map((tool) => tool.function.name);

describe('a tool schema llama.cpp cannot compile', () => {
  it('an unanchored pattern: the tool is named, sent without the pattern, and remembered for the next run', async () => {
    const { fake, provider } = await start();
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile, zipLookup), userText: 'Look up 123' });

    const outcome = await runAgent(h.input);

    expect(h.of('run-finish')[0]?.error ?? null).toBeNull();
    expect(outcome.reason).toBe('complete');
    expect(h.of('status').map((event) => event.text)).toContain(
      'The server could not compile the parameters of zip_lookup (simplified); going on without them...',
    );
    const second = streamed(fake)[1]?.body;
    expect(toolNames(second)).toEqual(['read_file', 'zip_lookup']);
    expect(JSON.stringify(second?.['tools'])).not.toContain('"pattern"');

    const again = createHarness({ provider, model: 'm', tools: testRegistry(readFile, zipLookup), userText: 'And 456' });
    expect((await runAgent(again.input)).reason).toBe('complete');
    expect(streamed(fake)).toHaveLength(3);
  });

  it('a sub-schema it quotes as unrecognised: that tool is left out, the others still go', async () => {
    const { fake, provider } = await start();
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile, nonsense), userText: 'Read a.txt' });

    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(h.of('status').map((event) => event.text)).toContain(
      'The server could not compile the parameters of odd_tool (left out); going on without them...',
    );
    expect(toolNames(streamed(fake)[1]?.body)).toEqual(['read_file']);
  });

  it('a failure pinned on no tool falls back to the prompt-based format, as a refused `tools` does', async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'unpinned',
        models: [{ id: 'm', tools: true }],
        replies: [{ type: 'replay', replay: llamaCppToolSchemaUnrecognized }, openAiReply.text('Done without native tools.')],
      },
    });
    running.push(fake);
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { m: true } });
    const h = createHarness({ provider, model: 'm', tools: testRegistry(readFile), userText: 'Read a.txt' });

    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(streamed(fake)[1]?.body?.['tools']).toBeUndefined();
  });
});
