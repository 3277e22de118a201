import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../context/prompt/system-prompt';
import { isSmallTalk } from '../context/prompt/small-talk';
import { parseFailureMessage, PROMPT_MODE_INSTRUCTIONS } from '../context/prompt/prompt-mode';
import { createHarness } from '../testing/run-harness';
import { callReply, createScriptedProvider, done, say } from '../testing/scripted-provider';
import { testRegistry, testTool } from '../testing/test-tools';
import { runAgent } from './run-agent';

const tools = [
  testTool({ id: 'fetch_url', category: 'web' }),
  testTool({ id: 'write_file', category: 'files' }),
  testTool({ id: 'read_file', category: 'files' }),
];

describe('greetings and small talk carry no tools (seed tool-execution-loop)', () => {
  it('"hi" goes out without tools; a greeting with a request in it keeps them', async () => {
    const provider = createScriptedProvider({
      replies: [
        [...say('Hello!'), done()],
        [...say('Sure.'), done()],
      ],
    });
    await runAgent(createHarness({ provider, tools: testRegistry(...tools), userText: 'Hi there!' }).input);
    expect(provider.requests[0]?.tools).toBeUndefined();
    expect(provider.requests[0]?.messages[0]?.content).not.toContain('following tools');

    await runAgent(createHarness({ provider, tools: testRegistry(...tools), userText: 'hi, read notes.txt please' }).input);
    expect(provider.requests[1]?.tools?.length).toBe(3);
  });

  it.each(['hello', 'Thanks!', 'thank you so much', 'Good morning, TACO', 'how are you?', 'bye'])('"%s" is small talk', (text) => {
    expect(isSmallTalk(text)).toBe(true);
  });

  it.each(['hi, what time is it?', 'hello world program in python', 'thanks, now save it', 'what is 2+2', ''])('"%s" is not', (text) => {
    expect(isSmallTalk(text)).toBe(false);
  });
});

describe('the prompt groups tools by category (seed agent-mode, Decision 5), in a stable order', () => {
  const prompt = (list: typeof tools, mode: 'native' | 'prompt') =>
    buildSystemPrompt({ tools: list, mode, workspace: null, role: 'main', toolsOffered: true });

  it('names the tools under their categories, whatever order they were selected in', () => {
    const native = prompt(tools, 'native');
    expect(native).toContain('You have access to the following tools, by category: files: read_file, write_file; web: fetch_url');
    expect(prompt([...tools].reverse(), 'native')).toBe(native);
  });

  it('prompt mode lists each category under its heading', () => {
    const text = prompt(tools, 'prompt');
    const files = text.indexOf('\nfiles:\n- read_file');
    const web = text.indexOf('\nweb:\n- fetch_url');
    expect(files).toBeGreaterThan(0);
    expect(web).toBeGreaterThan(files);
  });
});

describe('prompt mode asks for no "terminate" flag (seed agent-mode, Decision 1: deliberately left out)', () => {
  it('neither the instructions nor the correction mention it', () => {
    expect(PROMPT_MODE_INSTRUCTIONS).not.toContain('terminate');
    expect(parseFailureMessage('bad JSON').content).not.toContain('terminate');
    expect(buildSystemPrompt({ tools, mode: 'prompt', workspace: null, role: 'main', toolsOffered: true })).not.toContain('terminate');
  });
});

describe('offered tools carry their usage instructions (seed tool-orchestration: retrieved before use)', () => {
  const withUsage = (id: string, usageInstructions: string) => {
    const tool = testTool({ id, category: 'files' });
    return { ...tool, info: { ...tool.info, usageInstructions } };
  };

  it('in the request definition (native) and the tool list (prompt mode), capped at whole sentences', async () => {
    const long = `${'Read the file first. '.repeat(30)}Never guess.`;
    const tool = withUsage('read_file', 'Use read_file before answering about a file.');
    const wordy = withUsage('write_file', long);
    const provider = createScriptedProvider({ replies: [[...say('ok'), done()]] });
    await runAgent(createHarness({ provider, tools: testRegistry(tool, wordy), userText: 'Read a.txt' }).input);
    const sent = provider.requests[0]?.tools ?? [];
    expect(sent.find((d) => d.function.name === 'read_file')?.function.description).toContain(
      'Use read_file before answering about a file.',
    );
    const capped = sent.find((d) => d.function.name === 'write_file')?.function.description ?? '';
    expect(capped).toContain('Read the file first.');
    expect(capped).not.toContain('Never guess.');
    expect(capped.endsWith('.')).toBe(true);

    const listed = buildSystemPrompt({
      tools: [tool],
      mode: 'prompt',
      workspace: null,
      role: 'main',
      toolsOffered: true,
    });
    expect(listed).toContain('how to use: Use read_file before answering about a file.');
  });
});

describe('independent read-only calls of one round run concurrently, results in call order', () => {
  it('the second read starts before the first finishes; the results go back first-then-second', async () => {
    let secondStarted: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    const slow = testTool({
      id: 'read_a',
      run: async () => {
        // Finishes only once the other read has started: run one after the other, the run would time out.
        await second;
        return 'A';
      },
    });
    const fast = testTool({
      id: 'read_b',
      run: () => {
        secondStarted();
        return 'B';
      },
    });
    const writer = testTool({ id: 'write_c', risk: 'write', run: () => 'C' });
    const provider = createScriptedProvider({
      replies: [callReply(['read_a', {}], ['read_b', {}], ['write_c', {}]), [...say('done'), done()]],
    });
    const h = createHarness({
      provider,
      tools: testRegistry(slow, fast, writer),
      limits: { runTimeoutMs: 5000 },
      approvalPolicy: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' },
    });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(h.of('tool-result').map((event) => event.tool)).toEqual(['read_a', 'read_b', 'write_c']);
    const toolMessages = provider.requests[1]?.messages.filter((message) => message.role === 'tool') ?? [];
    expect(toolMessages.map((message) => message.content)).toEqual(['A', 'B', 'C']);
    expect(writer.ran).toHaveLength(1);
  });
});

describe('usage instructions never crowd out the history', () => {
  it('a context too small for them gets the plain definitions', async () => {
    const wordy = Array.from({ length: 12 }, (_, index) => {
      const tool = testTool({ id: `read_${index}`, category: 'files' });
      return { ...tool, info: { ...tool.info, usageInstructions: 'Use it well. '.repeat(20) } };
    });
    const small = createScriptedProvider({ replies: [[...say('ok'), done()]], capabilities: { contextLength: 2048 } });
    await runAgent(createHarness({ provider: small, tools: testRegistry(...wordy), userText: 'Read a.txt', maxContextTokens: 2048 }).input);
    expect(small.requests[0]?.tools?.[0]?.function.description).not.toContain('Use it well.');
    const large = createScriptedProvider({ replies: [[...say('ok'), done()]], capabilities: { contextLength: 32768 } });
    await runAgent(
      createHarness({ provider: large, tools: testRegistry(...wordy), userText: 'Read a.txt', maxContextTokens: 32768 }).input,
    );
    expect(large.requests[0]?.tools?.[0]?.function.description).toContain('Use it well.');
  });
});
