import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { llama32, reply, standardModels, type Reply } from '../../../../test-support/fake-ollama/index';
import { runAgent } from '../loop/run-agent';
import { answeringDepth } from '../testing/test-gates';
import { testRegistry, testTool } from '../testing/test-tools';
import { startFakeRun, type FakeRun } from './fake-ollama-harness';

const delegateTool = () =>
  testTool({
    id: 'delegate_task',
    type: 'agent_as_tool',
    parameters: { task: { type: 'string' } },
    run: async (args, context) => (await context.delegate(String(args['task']), [])).result,
  });

let run: FakeRun | null = null;
afterEach(async () => {
  await run?.fake.close();
  run = null;
});

/** Every agent delegates one level deeper, DEFAULTS.depthLimit times; then each level answers. */
function nestedReplies(): Reply[] {
  const calls = Array.from({ length: DEFAULTS.depthLimit }, (_, level) => reply.toolCall('delegate_task', { task: `level ${level + 1}` }));
  const answers = Array.from({ length: DEFAULTS.depthLimit + 1 }, (_, index) => reply.text(`answer ${index + 1}`));
  return [...calls, ...answers];
}

describe('nested delegation to the depth limit, over the fake Ollama server', () => {
  it('pauses at depth 20; Continue grants 20 more levels and the run completes', async () => {
    run = await startFakeRun({
      name: 'depth-continue',
      description: 'nested delegation',
      models: standardModels(),
      replies: nestedReplies(),
    });
    const depth = answeringDepth('continue');
    const h = run.harness({ tools: testRegistry(delegateTool()), model: llama32.name, depth });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(depth.requests).toHaveLength(1);
    expect(depth.requests[0]).toMatchObject({ depth: DEFAULTS.depthLimit, limit: DEFAULTS.depthLimit });
    expect(h.of('stack').at(-1)).toMatchObject({ frames: [], depthLimit: DEFAULTS.depthLimit + DEFAULTS.depthLimitStep });
    expect(Math.max(...h.of('stack').map((event) => event.frames.length))).toBe(DEFAULTS.depthLimit);
  });

  it('pauses at depth 20; Cancel stops the run as cancelled with an empty stack', async () => {
    run = await startFakeRun({
      name: 'depth-cancel',
      description: 'nested delegation',
      models: standardModels(),
      replies: nestedReplies(),
    });
    const h = run.harness({ tools: testRegistry(delegateTool()), model: llama32.name, depth: answeringDepth('cancel') });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('cancelled');
    expect(h.input.stack.frames()).toEqual([]);
    expect(run.chatBodies().filter((body) => body['stream'] !== false)).toHaveLength(DEFAULTS.depthLimit);
  });
});
