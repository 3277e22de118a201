import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import { defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { WEB_SEARCH_KEY_MASK } from '../../../../shared/settings/web-search';
import type { AgentRunInput } from '../../agent/loop/agent-types';
import { testRegistry, testTool } from '../../agent/testing/test-tools';
import { composeAppServices } from '../compose-app-services';
import { createMemoryStorage, fakePorts, fakeRunAgent } from '../testing/fake-ports';
import { callService, refusedCall, runOf } from '../testing/service-calls';
import type { AppContext } from '../app-context';
import { getSettings } from './settings-handlers';

async function start() {
  const storage = createMemoryStorage();
  const runs: AgentRunInput[] = [];
  const tools = testRegistry(testTool({ id: 'read_file' }), testTool({ id: 'write_file', risk: 'write', requiresApproval: true }));
  const services = await composeAppServices(
    { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      storage,
      loadTools: async () => tools,
      runAgent: (input) => {
        runs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  const handle = async (name: string, request: unknown) => services.handle(name, request);
  const set = (patch: unknown): Promise<Settings> => callService<Settings>(services, 'settings.set', patch);
  const refused = (patch: unknown) => refusedCall(services, 'settings.set', patch);
  return { storage, runs, services, handle, set, refused };
}

describe('settings.set: per-tool approvals', () => {
  it('saves overrides for catalogue tools and removes one with null', async () => {
    const h = await start();
    expect((await h.set({ toolApprovals: { read_file: 'ask', write_file: 'allow' } })).toolApprovals).toEqual({
      read_file: 'ask',
      write_file: 'allow',
    });
    expect((await h.set({ toolApprovals: { write_file: null } })).toolApprovals).toEqual({ read_file: 'ask' });
    expect(h.storage.savedSettings().toolApprovals).toEqual({ read_file: 'ask' });
  });

  it('refuses a tool the catalogue does not have, naming the field and the id, and saves nothing', async () => {
    const h = await start();
    await h.set({ toolApprovals: { read_file: 'ask' } });
    const before = h.storage.savedSettings();
    const error = await h.refused({ fontSize: 18, toolApprovals: { write_file: 'allow', launch_rockets: 'allow' } });
    expect(error.code).toBe('invalid-payload');
    expect(error.message).toContain('"toolApprovals"');
    expect(error.message).toContain('"launch_rockets"');
    expect(error.message).not.toContain('"write_file"');
    expect(h.storage.savedSettings()).toEqual(before);
    expect((await h.refused({ toolApprovals: { launch_rockets: null } })).message).toContain('"launch_rockets"');
  });

  it('lets a stored override of a tool that left the catalogue be removed', async () => {
    const h = await start();
    await h.storage.settings.set({ toolApprovals: { old_tool: 'allow', read_file: 'ask' } });
    expect((await h.refused({ toolApprovals: { old_tool: 'ask' } })).message).toContain('"old_tool"');
    expect((await h.set({ toolApprovals: { old_tool: null } })).toolApprovals).toEqual({ read_file: 'ask' });
  });

  it('hands the saved overrides to the next run', async () => {
    const h = await start();
    await h.set({ toolApprovals: { read_file: 'ask' } });
    const result = runOf(
      await callService<SendResult>(h.services, 'chat.send', { conversationId: null, text: 'Read my notes', model: 'llama3.2:3b' }),
    );
    await h.services.waitForRun(result.runId);
    expect(h.runs.at(-1)?.toolApprovals).toEqual({ read_file: 'ask' });
  });
});

describe('settings.set: web search key', () => {
  it('is masked in settings.get, and the mask sent back from the form keeps the stored key', async () => {
    const h = await start();
    const saved = await h.set({ webSearch: { provider: 'ollama', ollamaApiKey: 'secret-key' } });
    expect(saved.webSearch?.ollamaApiKey).toBe(WEB_SEARCH_KEY_MASK);
    expect((await callService<Settings>(h.services, 'settings.get', {})).webSearch?.ollamaApiKey).toBe(WEB_SEARCH_KEY_MASK);
    expect(h.storage.savedSettings().webSearch?.ollamaApiKey).toBe('secret-key');
    // What the Settings form sends when only the provider changed (WebSearchSettings.test.tsx).
    await h.set({ webSearch: { provider: 'searxng', ollamaApiKey: WEB_SEARCH_KEY_MASK, searxngUrl: 'http://127.0.0.1:8888' } });
    expect(h.storage.savedSettings().webSearch).toEqual({
      provider: 'searxng',
      ollamaApiKey: 'secret-key',
      searxngUrl: 'http://127.0.0.1:8888',
    });
  });
});

describe('settings.get: where no sandbox works, main says so', () => {
  const contextWith = (available: boolean, asked: Array<{ scratch: boolean }>) =>
    ({
      settings: { current: () => ({ ...defaultSettings(), workspace: '/home/ana/p' }) },
      commandSandbox: {
        available,
        describe: (options: { scratch: boolean }) => {
          asked.push(options);
          return { sandboxed: false, text: 'Runs with your full rights — no sandbox on this system (bubblewrap is not installed).' };
        },
        invocation: () => Promise.reject(new Error('not run here')),
      },
    }) as unknown as AppContext;

  it('gives the words of the scratch sandbox it would have used, so Settings offers no "run without asking"', () => {
    const asked: Array<{ scratch: boolean }> = [];
    expect(getSettings(contextWith(false, asked)).commandSandboxMissing).toBe(
      'Runs with your full rights — no sandbox on this system (bubblewrap is not installed).',
    );
    expect(asked).toEqual([{ workspace: '/home/ana/p', hosts: [], scratch: true }]);
  });

  it('says nothing where the sandbox works', () => {
    expect('commandSandboxMissing' in getSettings(contextWith(true, []))).toBe(false);
  });
});
