import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import type { JsonObject } from '../../../../shared/contract/json';
import type { ToolAudience } from '../../../../shared/tools/tool-info';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { createAppSessions, type OpenApp } from './app-sessions';
import { callToolFromApp, type AppCallDeps } from './app-tool-call';

function mcpTool(server: string, tool: string, visibility?: ToolAudience[]): RegisteredTool {
  return {
    info: {
      toolId: `mcp__${server}__${tool}`,
      source: { kind: 'mcp', server, tool, readOnlyHint: null, remote: false, ...(visibility ? { visibility } : {}) },
    },
    argsSchema: z.object({ city: z.string() }).strict() as unknown as z.ZodType<JsonObject>,
  } as unknown as RegisteredTool;
}

const APP: OpenApp = {
  appId: 'a1',
  conversationId: 'c1',
  runId: 'r1',
  callId: 'k1',
  server: 'weather',
  tool: 'forecast',
  resourceUri: 'ui://weather/app.html',
  requests: 0,
};

function deps(overrides: Partial<AppCallDeps> = {}): AppCallDeps & { call: ReturnType<typeof vi.fn>; ask: ReturnType<typeof vi.fn> } {
  const tools = [
    mcpTool('weather', 'forecast'),
    mcpTool('mail', 'send'),
    mcpTool('weather', 'refresh', ['app']),
    mcpTool('weather', 'summary', ['model']),
    mcpTool('weather', 'sealed', []),
  ];
  return {
    tools: { list: () => tools, get: (id: string) => tools.find((tool) => tool.info.toolId === id) },
    neverRun: () => false,
    needsApproval: async () => true,
    ask: vi.fn(async () => ({ type: 'allowed' as const })),
    call: vi.fn(async () => ({ content: [{ type: 'text', text: 'sunny' }], structuredContent: { sky: 'sunny' } })),
    signal: new AbortController().signal,
    ...overrides,
  } as AppCallDeps & { call: ReturnType<typeof vi.fn>; ask: ReturnType<typeof vi.fn> };
}

describe('a tools/call from an MCP app', () => {
  it('asks on the model’s card when the model’s call would, then runs and hands back the whole result', async () => {
    const d = deps();
    const answer = await callToolFromApp(d, APP, 'forecast', { city: 'Oslo' });
    expect(d.ask).toHaveBeenCalledOnce();
    expect(d.call).toHaveBeenCalledWith('weather', 'forecast', { city: 'Oslo' }, d.signal);
    expect(answer).toEqual({
      type: 'result',
      result: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { sky: 'sunny' }, isError: false },
    });
  });

  it('runs nothing when the user denies: the app gets the denial as an error', async () => {
    const d = deps({ ask: vi.fn(async () => ({ type: 'denied' as const, message: 'Not run: denied.' })) });
    const answer = await callToolFromApp(d, APP, 'forecast', { city: 'Oslo' });
    expect(answer).toEqual({ type: 'refused', message: 'Not run: denied.' });
    expect(d.call).not.toHaveBeenCalled();
  });

  it('does not ask when the model’s call would not (the same decision)', async () => {
    const d = deps({ needsApproval: async () => false });
    await callToolFromApp(d, APP, 'forecast', { city: 'Oslo' });
    expect(d.ask).not.toHaveBeenCalled();
    expect(d.call).toHaveBeenCalledOnce();
  });

  it.each([
    ['another server’s tool', 'send', { city: 'Oslo' }],
    ['a tool that is not enabled', 'delete_everything', {}],
    ['arguments outside the schema', 'forecast', { city: 'Oslo', also: 'rm -rf' }],
  ])('refuses %s without asking or running', async (_label, name, args) => {
    const d = deps();
    const answer = await callToolFromApp(d, APP, name, args);
    expect(answer.type).toBe('refused');
    expect(d.ask).not.toHaveBeenCalled();
    expect(d.call).not.toHaveBeenCalled();
  });
});

describe('the open apps', () => {
  it('refuse an id main never issued, and every request past the budget', () => {
    let next = 0;
    const apps = createAppSessions(() => `app-${(next += 1)}`);
    expect(apps.charge('forged').type).toBe('unknown');
    const app = apps.open({ conversationId: 'c1', runId: 'r1', callId: 'k1', server: 's', tool: 't', resourceUri: 'ui://s/t' });
    for (let index = 0; index < DEFAULTS.mcpApps.callBudget; index += 1) expect(apps.charge(app.appId).type).toBe('ok');
    expect(apps.charge(app.appId).type).toBe('exhausted');
    apps.close(app.appId);
    expect(apps.charge(app.appId).type).toBe('unknown');
  });

  it('hand the newest context of each app to its conversation’s next message once, cut to the cap', () => {
    const apps = createAppSessions();
    const app = apps.open({ conversationId: 'c1', runId: 'r1', callId: 'k1', server: 's', tool: 't', resourceUri: 'ui://s/t' });
    apps.setContext(app, 'first');
    expect(apps.setContext(app, 'x'.repeat(DEFAULTS.mcpApps.maxContextChars + 10))).toEqual({ truncated: true });
    expect(apps.takeContexts('c2')).toEqual([]);
    const taken = apps.takeContexts('c1');
    expect(taken).toHaveLength(1);
    expect(taken[0]?.text).toHaveLength(DEFAULTS.mcpApps.maxContextChars);
    expect(apps.takeContexts('c1')).toEqual([]);
  });

  it('reaches a tool its server declared for its app only, through the same card', async () => {
    const d = deps();
    const answer = await callToolFromApp(d, APP, 'refresh', { city: 'Oslo' });
    expect(d.ask).toHaveBeenCalledOnce();
    expect(d.call).toHaveBeenCalledWith('weather', 'refresh', { city: 'Oslo' }, d.signal);
    expect(answer.type).toBe('result');
  });

  it.each(['summary', 'sealed'])('is refused, unasked and unrun, for %s: a tool not declared for apps', async (name) => {
    const d = deps();
    const answer = await callToolFromApp(d, APP, name, { city: 'Oslo' });
    expect(answer).toEqual({
      type: 'refused',
      message: `The MCP server "weather" did not declare ${name} for its apps, so the app cannot call it.`,
    });
    expect(d.ask).not.toHaveBeenCalled();
    expect(d.call).not.toHaveBeenCalled();
  });

  it('is refused, unasked and unrun, for a tool the user set to never run', async () => {
    const d = deps({ neverRun: (tool) => tool.info.toolId === 'mcp__weather__forecast' });
    const answer = await callToolFromApp(d, APP, 'forecast', { city: 'Oslo' });
    expect(answer).toEqual({ type: 'refused', message: 'You set mcp__weather__forecast to never run, so the app cannot call it.' });
    expect(d.ask).not.toHaveBeenCalled();
    expect(d.call).not.toHaveBeenCalled();
    expect((await callToolFromApp(d, APP, 'refresh', { city: 'Oslo' })).type).toBe('result');
  });
});
