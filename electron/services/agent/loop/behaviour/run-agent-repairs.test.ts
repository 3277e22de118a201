import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';
import { CONSTRAINED_FORMAT_INSTRUCTIONS, constrainedReplySchema } from '../../context/constrained-format';

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace. Returns its text.',
    parameters: {
      path: { type: 'string', description: 'File path relative to the workspace.' },
      max_lines: { type: 'integer', description: 'Most lines to return.', required: false },
    },
    run: (args) => `contents of ${String(args['path'])}`,
  });
const currentTime = () => testTool({ id: 'current_time', description: 'The current date and time.', run: () => '12:00' });

describe('runAgent: repairs for small models', () => {
  it('unknown tool: the error lists the available tools, one line each, and counts as an error', async () => {
    const provider = createScriptedProvider({
      replies: [callReply(['open_file', { path: 'a' }]), callReply(['open_file', { path: 'b' }]), callReply(['open_file', { path: 'c' }])],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile(), currentTime()) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('consecutive_errors');
    const error = h.of('tool-error')[0]?.error ?? '';
    expect(error).toBe(
      [
        'There is no tool named "open_file". The available tools are:',
        '- read_file: Read a text file from the workspace.',
        '- current_time: The current date and time.',
        'Call one of these by its exact name, or answer without a tool.',
      ].join('\n'),
    );
    expect(h.of('tool-call')[0]).toMatchObject({ tool: 'open_file', frameId: null });
    expect(provider.requests[1]?.messages.at(-1)).toEqual({ role: 'tool', tool_name: 'open_file', content: `Error: ${error}` });
  });

  it('a near-miss tool name ("Read File", "functions.read_file") is mapped to the one tool it means', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      replies: [callReply(['Read File', { path: 'a' }]), callReply(['functions.read_file', { path: 'b' }]), [...say('ok'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(tool.ran).toEqual([{ path: 'a' }, { path: 'b' }]);
    expect(provider.requests[2]?.messages[2]?.tool_calls?.[0]?.function.name).toBe('Read File');
    expect(provider.requests[2]?.messages[3]).toEqual({ role: 'tool', tool_name: 'read_file', content: 'contents of a' });
  });

  it('invalid arguments: the first gets guidance naming each bad or missing parameter; the second counts as a failure', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      replies: [
        callReply(['read_file', { max_lines: 'ten' }]),
        callReply(['read_file', { file: 'a' }]),
        callReply(['read_file', { pth: 'b' }]),
        [...say('unused'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool), limits: { maxConsecutiveErrors: 2 } });

    const outcome = await runAgent(h.input);

    expect(tool.ran).toEqual([]);
    const guidance = h.of('tool-error')[0]?.error ?? '';
    expect(guidance).toContain('The arguments for read_file are not valid:');
    expect(guidance).toContain('- "path" (string, required): missing. File path relative to the workspace.');
    expect(guidance).toMatch(/- "max_lines" \(integer\): wrong value \(.*expected number.*\)\. Most lines to return\./);
    expect(guidance).toContain('Parameters of read_file: path (string, required), max_lines (integer).');
    expect(h.of('tool-error')[1]?.error).toContain('- "file": not a parameter of read_file.');
    // 1st invalid call: guidance only; 2nd and 3rd: counted, and with a limit of 2 the run stops after the 3rd.
    expect(outcome.reason).toBe('consecutive_errors');
    expect(provider.requests).toHaveLength(3);
  });

  it('a tools-capable model writing the call as JSON in its text: run as a call, the JSON never shown', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      replies: [
        [...say('{"name": "read_', 'file", "arguments": {"path": "a.txt"}}'), done()],
        [...say('It says: contents of a.txt'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(tool.ran).toEqual([{ path: 'a.txt' }]);
    expect(h.text()).toBe('It says: contents of a.txt');
    expect(provider.requests[1]?.messages.slice(2)).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt' } } }] },
      { role: 'tool', tool_name: 'read_file', content: 'contents of a.txt' },
    ]);
  });

  it('…also {"tool", "parameters"} inside a ```json fence after some prose: the prose streams, the fence does not', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      replies: [
        [...say('I will read it.\n```json\n{"tool": "read_file", "parameters": {"path": "b.txt"}}\n```'), done()],
        [...say('Done.'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    await runAgent(h.input);

    expect(tool.ran).toEqual([{ path: 'b.txt' }]);
    expect(h.text()).toBe('I will read it.\nDone.');
  });

  it('JSON naming no known tool is an ordinary answer and is shown', async () => {
    const answer = '{"name": "Ada", "arguments": {"age": 36}}';
    const provider = createScriptedProvider({ replies: [[...say(answer), done()]] });
    const h = createHarness({ provider, tools: testRegistry(readFile()) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe(answer);
  });
});

describe('runAgent: models without the tools capability (the prompt-based tool format)', () => {
  it('never sends tools; lists them in the system prompt; runs the JSON call; results go back as user messages', async () => {
    const tool = readFile();
    const provider = createScriptedProvider({
      capabilities: { tools: false },
      replies: [
        [...say('{"tool": "read_file", "parameters": {"path": "a.txt"}, "terminate": false}'), done()],
        [...say('The file says: contents of a.txt'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(provider.requests.every((request) => request.tools === undefined)).toBe(true);
    const system = provider.requests[0]?.messages[0]?.content ?? '';
    expect(system).toContain('- read_file: Read a text file from the workspace. Returns its text.');
    expect(system).toContain('  - path (string, required): File path relative to the workspace.');
    expect(system).toContain(CONSTRAINED_FORMAT_INSTRUCTIONS);
    expect(provider.requests[1]?.messages.slice(2)).toEqual([
      { role: 'assistant', content: '{"tool": "read_file", "parameters": {"path": "a.txt"}, "terminate": false}' },
      { role: 'user', content: expect.stringMatching(/^Tool result for read_file:\ncontents of a\.txt\n/) },
    ]);
    expect(h.text()).toBe('The file says: contents of a.txt');
    expect(h.of('tool-result')).toHaveLength(1);
  });

  it('asks for the constrained format: the schema goes out, an {"answer"} reply streams as the answer', async () => {
    const provider = createScriptedProvider({
      capabilities: { tools: false },
      replies: [
        [...say('{"tool": "read_file", "parameters": {"path": "a.txt"}}'), done()],
        [...say('{"answer": "The file says:', ' \\"contents\\""}'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile()) });

    expect((await runAgent(h.input)).reason).toBe('complete');
    const schema = constrainedReplySchema([readFile().definition]);
    expect(provider.requests.map((request) => request.format)).toEqual([schema, schema]);
    expect(h.text()).toBe('The file says: "contents"');
    expect(h.of('tool-result')).toHaveLength(1);
  });

  it('a server that ignores the format (plain text back) is noticed: later steps go without it, in the plain prompt format', async () => {
    const provider = createScriptedProvider({
      capabilities: { tools: false },
      replies: [
        [...say('Let me read it.\n{"tool": "read_file", "parameters": {"path": "a.txt"}}'), done()],
        [...say('It says contents of a.txt'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile()) });

    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(provider.requests[0]?.format).toBeDefined();
    expect(provider.requests[1]?.format).toBeUndefined();
    expect(provider.requests[1]?.messages[0]?.content).toContain(
      'When you need to use a tool, output ONLY a JSON object in this exact format:',
    );
    expect(h.of('tool-result')).toHaveLength(1);
    expect(h.text()).toContain('It says contents of a.txt');
  });

  it('an unreadable reply is sent back with the error; three in a row stop with consecutive_errors', async () => {
    const broken = '{"tool": "read_file", "parameters": {"path": "a.txt",}}';
    const provider = createScriptedProvider({ capabilities: { tools: false }, replies: [0, 1, 2, 3].map(() => [...say(broken), done()]) });
    const h = createHarness({ provider, tools: testRegistry(readFile()) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('consecutive_errors');
    expect(provider.requests).toHaveLength(3);
    const correction = provider.requests[1]?.messages.at(-1);
    expect(correction?.role).toBe('user');
    expect(correction?.content).toMatch(/^Your last reply could not be read as a tool call: The tool call is not valid JSON/);
    expect(h.of('text-delta')).toEqual([]);
  });

  it('a readable call after an unreadable one resets the count', async () => {
    const broken = [...say('{"tool": "read_file", "parameters": "a.txt"}'), done()];
    const good = [...say('{"tool": "read_file", "parameters": {"path": "a.txt"}}'), done()];
    const good2 = [...say('{"tool": "read_file", "parameters": {"path": "b.txt"}}'), done()];
    const provider = createScriptedProvider({
      capabilities: { tools: false },
      replies: [broken, broken, good, broken, broken, good2, [...say('Both read.'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(readFile()) });

    expect((await runAgent(h.input)).reason).toBe('complete');
  });

  it('earlier turns with native tool calls are rewritten in the JSON format', async () => {
    const provider = createScriptedProvider({ capabilities: { tools: false }, replies: [[...say('Sure.'), done()]] });
    const history = [
      { role: 'user' as const, content: 'read a' },
      { role: 'assistant' as const, content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a' } } }] },
      { role: 'tool' as const, tool_name: 'read_file', content: 'A' },
      { role: 'assistant' as const, content: 'It says A.' },
    ];
    const h = createHarness({ provider, tools: testRegistry(readFile()), history });

    await runAgent(h.input);

    const sent = provider.requests[0]?.messages ?? [];
    expect(sent[2]).toEqual({ role: 'assistant', content: '{"tool":"read_file","parameters":{"path":"a"}}' });
    expect(sent[3]?.role).toBe('user');
    expect(sent[3]?.content).toMatch(/^Tool result for read_file:\nA\n/);
    expect(sent.some((message) => message.role === 'tool' || message.tool_calls)).toBe(false);
  });
});
