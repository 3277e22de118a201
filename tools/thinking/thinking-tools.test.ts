import { describe, expect, it } from 'vitest';
import { createTestToolContext } from '../catalogue/tool-test-context';
import { run as planNextSteps } from './plan_next_steps';
import { run as stopAndThink } from './stop_and_think';

describe('stop_and_think', () => {
  it('logs the thoughts and returns at once, touching nothing', async () => {
    const context = createTestToolContext();
    const outcome = await stopAndThink({ thoughts: 'I should read the file first.' }, context);
    expect(outcome).toEqual({
      type: 'result',
      output: JSON.stringify({ logged: true, next: 'Thoughts noted. Continue with the step you decided on.' }),
    });
    expect(await context.memory.recall('', 10)).toEqual([]);
  });

  it('needs thoughts', async () => {
    await expect(stopAndThink({}, createTestToolContext())).rejects.toThrow('"thoughts" is required');
  });
});

describe('plan_next_steps', () => {
  it('logs the plan and names the first step', async () => {
    const outcome = await planNextSteps({ steps: ['Read config.json', ' ', 'Fix the port', 'Run the tests'] }, createTestToolContext());
    expect(outcome).toEqual({ type: 'result', output: JSON.stringify({ logged: true, step_count: 3, next: 'Read config.json' }) });
  });

  it('refuses an empty plan', async () => {
    await expect(planNextSteps({ steps: [] }, createTestToolContext())).rejects.toThrow('The plan has no steps');
  });
});
