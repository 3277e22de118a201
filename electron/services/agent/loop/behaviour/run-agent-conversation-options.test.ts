import { describe, expect, it } from 'vitest';
import type { ChatStepRequest } from '../../../provider/provider-types';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { createScriptedProvider } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

function recordingProvider() {
  const scripted = createScriptedProvider({ replies: [[{ type: 'text', text: 'Arr.' }]] });
  const seen: ChatStepRequest[] = [];
  return { provider: { ...scripted, streamChat: (request: ChatStepRequest) => (seen.push(request), scripted.streamChat(request)) }, seen };
}

const tools = () => testRegistry(testTool({ id: 'read_file', run: () => 'x' }));

describe("a run with the conversation's own options", () => {
  it("sends num_ctx, temperature and keep_alive, and the conversation's system prompt instead of the opening instructions", async () => {
    const { provider, seen } = recordingProvider();
    const h = createHarness({
      provider,
      tools: tools(),
      conversation: { numCtx: 2048, temperature: 0.1, keepAlive: '1h', systemPrompt: 'You are a pirate. Answer like one.' },
    });
    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(seen[0]).toMatchObject({ numCtx: 2048, temperature: 0.1, keepAlive: '1h' });
    const system = seen[0]?.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content.startsWith('You are a pirate. Answer like one.')).toBe(true);
    expect(system?.content).not.toContain('You are TACO');
    expect(system?.content).toContain('You have access to the following tools, by category: test: read_file');
    expect(h.of('usage')[0]?.contextTokens).toBe(8192);
  });

  it('sends none of them when the conversation sets none', async () => {
    const { provider, seen } = recordingProvider();
    const h = createHarness({ provider, tools: tools() });
    await runAgent(h.input);
    expect(Object.keys(seen[0] ?? {})).not.toContain('temperature');
    expect(Object.keys(seen[0] ?? {})).not.toContain('keepAlive');
    expect(Object.keys(seen[0] ?? {})).not.toContain('numCtx');
    expect(seen[0]?.messages[0]?.content.startsWith('You are TACO')).toBe(true);
  });
});
