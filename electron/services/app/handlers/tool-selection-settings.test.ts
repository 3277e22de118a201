import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { AgentRunInput } from '../../agent/loop/agent-types';
import { testRegistry, testTool } from '../../agent/testing/test-tools';
import type { AppServicesOptions } from '../app-services-types';
import { composeAppServices } from '../compose-app-services';
import { createMemoryStorage, fakePorts, fakeRunAgent } from '../testing/fake-ports';
import { callService, runOf } from '../testing/service-calls';

async function start(options: Partial<AppServicesOptions> = {}) {
  const runs: AgentRunInput[] = [];
  const services = await composeAppServices(
    { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1, ...options },
    fakePorts({
      storage: createMemoryStorage(),
      loadTools: async () => testRegistry(testTool({ id: 'read_file' })),
      runAgent: (input) => {
        runs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  const send = async (): Promise<AgentRunInput | undefined> => {
    const result = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Read my notes', model: 'llama3.2:3b' }),
    );
    await services.waitForRun(result.runId);
    return runs.at(-1);
  };
  return { services, send };
}

describe('tool selection settings reach the run', () => {
  it('the default budget (16) and no embedding model, then what settings.set saved', async () => {
    const h = await start();
    expect(await h.send()).toMatchObject({ toolBudget: 16, embeddingModel: '' });
    const saved = await h.services.handle('settings.set', { toolBudget: 4, embeddingModel: 'nomic-embed-text' });
    expect(saved.ok).toBe(true);
    expect(await h.send()).toMatchObject({ toolBudget: 4, embeddingModel: 'nomic-embed-text' });
    const refused = await h.services.handle('settings.set', { toolBudget: -1 });
    expect(refused.ok).toBe(false);
  });

  it('the CLI override (--max-tools) wins over the setting', async () => {
    const h = await start({ toolBudgetOverride: 0 });
    expect((await h.send())?.toolBudget).toBe(0);
  });
});
