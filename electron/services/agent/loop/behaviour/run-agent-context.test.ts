import { describe, expect, it } from 'vitest';
import { runAgent } from '../run-agent';
import { statusSentencePrompt } from '../../status/status-sentences';
import { createHarness } from '../../testing/run-harness';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

describe('runAgent: thinking status sentences', () => {
  it('shows "Using Read File..." at once, runs the tool without waiting, and shows the sentence if it arrives while the tool runs', async () => {
    let releaseTool = (): void => undefined;
    let toolStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (toolStarted = resolve));
    const tool = testTool({
      id: 'read_file',
      parameters: { path: { type: 'string' } },
      run: () =>
        new Promise<string>((resolve) => {
          toolStarted();
          releaseTool = () => resolve('text');
        }),
    });
    const provider = createScriptedProvider({
      replies: [callReply(['read_file', { path: 'notes.txt' }]), [...say('ok'), done()]],
      complete: async () => {
        // The tool runs while the sentence is asked for: it has started before the sentence comes back.
        await started;
        setImmediate(() => releaseTool());
        return '"Reading the notes file."\nExtra line';
      },
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    await runAgent(h.input);

    expect(h.statuses()).toEqual([
      'Analyzing request...',
      'Selecting appropriate tools...',
      'Using Read File...',
      'Reading the notes file',
      'Processing tool results...',
      'Formulating response...',
    ]);
    expect(provider.completeRequests).toEqual([
      {
        model: 'test-model',
        maxTokens: 20,
        messages: [{ role: 'user', content: statusSentencePrompt('read_file', { path: 'notes.txt' }) }],
      },
    ]);
    expect(provider.completeRequests[0]?.messages[0]?.content).toContain('Tool: Read File\nArguments: {"path":"notes.txt"}');
  });

  it('a sentence that arrives after the tool finished is not shown', async () => {
    const tool = testTool({ id: 'current_time', run: () => '12:00' });
    let answer = (): void => undefined;
    const provider = createScriptedProvider({
      replies: [callReply(['current_time', {}]), [...say('It is noon.'), done()]],
      complete: () =>
        new Promise<string>((resolve) => {
          answer = () => resolve('Checking the clock');
        }),
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    await runAgent(h.input);
    answer();
    await new Promise((resolve) => setImmediate(resolve));

    expect(h.statuses()).not.toContain('Checking the clock');
    expect(h.statuses()).toContain('Using Current Time...');
  });
});

describe('runAgent: context budget', () => {
  it("caps a long result to the tool's limit, keeping head and tail with a marker, in the event and in the history", async () => {
    const long = `HEAD${'x'.repeat(9_992)}TAIL`;
    const tool = testTool({ id: 'read_file', parameters: { path: { type: 'string' } }, run: () => long });
    const provider = createScriptedProvider({ replies: [callReply(['read_file', { path: 'big' }]), [...say('ok'), done()]] });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    await runAgent(h.input);

    const result = h.of('tool-result')[0];
    expect(result?.truncated).toBe(true);
    expect(result?.result.length).toBeLessThanOrEqual(2000);
    expect(result?.result.startsWith('HEAD')).toBe(true);
    expect(result?.result.endsWith('TAIL')).toBe(true);
    expect(result?.result).toMatch(/\[… 8,\d{3} characters cut …\]/);
    expect(provider.requests[1]?.messages.at(-1)).toEqual({ role: 'tool', tool_name: 'read_file', content: result?.result });
  });

  it('the per-turn budget shrinks as it is used: later results get less', async () => {
    const tool = testTool({ id: 'read_file', parameters: { path: { type: 'string' } }, run: () => 'y'.repeat(3000) });
    const provider = createScriptedProvider({
      replies: [1, 2, 3, 4].map((n) => callReply(['read_file', { path: `${n}` }])).concat([[...say('ok'), done()]]),
    });
    const h = createHarness({ provider, tools: testRegistry(tool), limits: { toolOutputBudgetChars: 5000 } });

    await runAgent(h.input);

    expect(h.of('tool-result').map((event) => event.result.length)).toEqual([2000, 2000, 1000, 400]);
  });

  it('drops the oldest earlier turns to fit num_ctx, never the system prompt or the current message', async () => {
    const provider = createScriptedProvider({ capabilities: { contextLength: 1000 }, replies: [[...say('ok'), done()]] });
    const history = [
      { role: 'user' as const, content: `old question ${'a'.repeat(1500)}` },
      { role: 'assistant' as const, content: `old answer ${'b'.repeat(1500)}` },
      { role: 'user' as const, content: 'recent question' },
      { role: 'assistant' as const, content: 'recent answer' },
    ];
    const h = createHarness({ provider, tools: testRegistry(), history, userText: 'current question' });

    await runAgent(h.input);

    expect(provider.requests[0]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'recent question' },
      { role: 'assistant', content: 'recent answer' },
      { role: 'user', content: 'current question' },
    ]);
  });

  it('reports contextTruncated only when what we sent cannot fit and Ollama evaluated far less', async () => {
    const replies = [[...say('ok'), done({ promptTokens: 900, numCtx: 1000 })]];
    const tight = createHarness({
      provider: createScriptedProvider({ capabilities: { contextLength: 1000 }, replies }),
      tools: testRegistry(),
      userText: 'q'.repeat(20_000),
    });
    await runAgent(tight.input);
    expect(tight.of('usage')[0]?.contextTruncated).toBe(true);

    // A cache hit: Ollama evaluated only 5 new tokens, but everything fits num_ctx.
    const cached = createHarness({
      provider: createScriptedProvider({ replies: [[...say('ok'), done({ promptTokens: 5 })]] }),
      tools: testRegistry(),
      userText: 'short',
    });
    await runAgent(cached.input);
    expect(cached.of('usage')[0]?.contextTruncated).toBe(false);
  });
});
