import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../../shared/contract/json';
import { adaptServerTools } from '../../../mcp/tools/mcp-tool-adapter';
import { createAlwaysAllowedTools } from '../../../mcp/tools/always-allowed-tools';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { answeringApprovals } from '../../testing/test-gates';
import { callReply, createScriptedProvider, done, say } from '../../testing/scripted-provider';
import { testRegistry } from '../../testing/test-tools';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const readNote: Tool = {
  name: 'read_note',
  description: 'Reads a note.',
  inputSchema: { type: 'object', properties: { id: { type: 'number' } } },
};

function mcpTools(tools: Tool[], ran: JsonObject[]) {
  return adaptServerTools(tools, {
    server: 'files',
    location: 'test-location',
    approval: 'ask',
    disabledTools: new Set(),
    call: (_server, _tool, args) => {
      ran.push(args);
      return Promise.resolve({ content: [{ type: 'text', text: 'a note' }] });
    },
    emit: () => undefined,
    now: () => 0,
  }).registered;
}

describe('runAgent: "Always allow this tool" on an MCP tool', () => {
  it('is offered on the card, granted by main, and covers the next calls with other arguments in a later run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taco-always-run-'));
    dirs.push(dataDir);
    const alwaysAllowed = createAlwaysAllowedTools(dataDir);
    const ran: JsonObject[] = [];
    const tools = testRegistry(...mcpTools([readNote], ran));
    const toolId = tools.list()[0]?.info.toolId ?? '';
    const calls = (...argsList: JsonObject[]) =>
      createScriptedProvider({ replies: [...argsList.map((args) => callReply([toolId, args])), [...say('Done.'), done()]] });

    const approvals = answeringApprovals('allow-tool');
    const first = createHarness({ provider: calls({ id: 1 }, { id: 2 }), tools, approvals, alwaysAllowed });
    await runAgent(first.input);
    expect(approvals.requests).toHaveLength(1);
    expect(approvals.requests[0]?.alwaysAllow).toBe(true);
    expect(await alwaysAllowed.list()).toEqual([{ server: 'files', tool: 'read_note' }]);

    // A later run (another conversation: no conversation allowance) asks nothing for this tool.
    const later = answeringApprovals('deny');
    const second = createHarness({ provider: calls({ id: 3 }), tools, approvals: later, alwaysAllowed, conversationId: 'conv-2' });
    await runAgent(second.input);
    expect(later.requests).toEqual([]);
    expect(ran).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('a changed tool is not offered "always" and never granted, whatever is answered', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taco-always-run-'));
    dirs.push(dataDir);
    const alwaysAllowed = createAlwaysAllowedTools(dataDir);
    const tools = adaptServerTools([readNote], {
      server: 'files',
      location: 'test-location',
      approval: 'ask',
      disabledTools: new Set(),
      unreviewed: new Map([['read_note', ['description']]]),
      call: () => Promise.resolve({ content: [{ type: 'text', text: 'x' }] }),
      emit: () => undefined,
      now: () => 0,
    }).registered;
    const toolId = tools[0]?.info.toolId ?? '';
    const approvals = answeringApprovals('allow-tool');
    const provider = createScriptedProvider({ replies: [callReply([toolId, { id: 1 }]), [...say('Done.'), done()]] });
    await runAgent(createHarness({ provider, tools: testRegistry(...tools), approvals, alwaysAllowed }).input);
    expect(approvals.requests[0]?.alwaysAllow).toBeUndefined();
    expect(approvals.requests[0]?.warning).toMatch(/changed since you reviewed it/);
    expect(await alwaysAllowed.list()).toEqual([]);
  });
});
