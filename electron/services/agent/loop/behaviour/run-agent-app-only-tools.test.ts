import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../../shared/contract/json';
import { adaptServerTools } from '../../../mcp/tools/mcp-tool-adapter';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say, type RecordedRequest } from '../../testing/scripted-provider';
import { testRegistry } from '../../testing/test-tools';

const tool = (name: string, visibility?: unknown): Tool => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {} },
  ...(visibility !== undefined ? { _meta: { ui: { resourceUri: 'ui://weather/app.html', visibility } } } : {}),
});

/** A server whose app has its own button tool, beside tools for the model, for both, and one declared for nobody readable. */
const SERVER: Tool[] = [
  tool('refresh', ['app']),
  tool('forecast'),
  tool('both', ['app', 'model']),
  tool('summary', ['model']),
  tool('odd', ['banana']),
  tool('garbled', 'app'),
];

function adapted(ran: string[]) {
  return adaptServerTools(SERVER, {
    server: 'weather',
    location: 'test-location',
    approval: 'ask',
    disabledTools: new Set(),
    call: (_server, name, _args: JsonObject) => {
      ran.push(name);
      return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
    },
    emit: () => undefined,
    now: () => 0,
  });
}

const offeredNames = (request: RecordedRequest | undefined): string[] => (request?.tools ?? []).map((each) => each.function.name);

describe('runAgent: MCP tools declared for their app only (`_meta.ui.visibility`)', () => {
  it('never offers them to the model, and refuses the model’s call of one without asking or running it', async () => {
    const ran: string[] = [];
    const tools = testRegistry(...adapted(ran).registered);
    const approvals = answeringApprovals('allow-once');
    const provider = createScriptedProvider({
      replies: [callReply(['mcp__weather__refresh', {}]), callReply(['mcp__weather__odd', {}]), [...say('Done.'), done()]],
    });
    const h = createHarness({ provider, tools, approvals });
    await runAgent(h.input);

    // Declared for the model (or for nobody in particular) is offered; only-the-app, or nothing TACO can read, is not.
    expect(offeredNames(provider.requests[0]).sort()).toEqual(['mcp__weather__both', 'mcp__weather__forecast', 'mcp__weather__summary']);
    expect(provider.requests.every((request) => !offeredNames(request).includes('mcp__weather__refresh'))).toBe(true);
    expect(ran).toEqual([]);
    expect(approvals.requests).toEqual([]);
    expect(h.of('tool-error').map((event) => event.error)).toEqual([
      expect.stringContaining('Not run: the tool "mcp__weather__refresh" is not available here.'),
      expect.stringContaining('Not run: the tool "mcp__weather__odd" is not available here.'),
    ]);
  });

  it('the catalogue sees each tool’s declaration, on the registered tool and on the server’s tool list', () => {
    const { registered, views } = adapted([]);
    const declared = (list: Array<{ name: string; visibility?: string[] }>) =>
      Object.fromEntries(list.map((each) => [each.name, each.visibility ?? 'undeclared']));
    const expected = {
      refresh: ['app'],
      forecast: 'undeclared',
      both: ['model', 'app'],
      summary: ['model'],
      odd: [],
      garbled: [],
    };
    expect(declared(views)).toEqual(expected);
    expect(declared(registered.map((each) => ({ name: each.info.source?.tool ?? '', visibility: each.info.source?.visibility })))).toEqual(
      expected,
    );
  });
});
