import { describe, expect, it } from 'vitest';
import { mcpServer, mcpTool } from '../../../test/mcp';
import { planLocalApiRollback, planMcpRollback } from './settings-rollback';

describe('what Cancel undoes on the live pages', () => {
  it('removes added servers, restores an edited one with its secrets masked, reverts switches and tool switches', () => {
    const before = [
      mcpServer('docs', { url: 'http://127.0.0.1:3000/mcp', transport: 'http', command: null, args: [], headerKeys: ['Authorization'] }),
      mcpServer('files', { tools: [mcpTool('files', 'read', { enabled: true })] }),
    ];
    const after = [
      mcpServer('docs', {
        url: 'https://elsewhere.example/mcp',
        transport: 'http',
        command: null,
        args: [],
        headerKeys: ['Authorization'],
      }),
      mcpServer('files', { enabled: false, tools: [mcpTool('files', 'read', { enabled: false })] }),
      mcpServer('new-one'),
    ];
    const steps = planMcpRollback(before, after);
    expect(steps).toContainEqual({ type: 'remove', name: 'new-one' });
    expect(steps).toContainEqual({ type: 'enable', name: 'files', enabled: true });
    expect(steps).toContainEqual({ type: 'tool', name: 'files', tool: 'read', enabled: true });
    const restore = steps.find((step) => step.type === 'restore');
    expect(restore).toMatchObject({ name: 'docs', config: { url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: '••••••' } } });
    expect(planMcpRollback(before, before)).toEqual([]);
  });

  it('brings the Local API back to what it was, and does nothing when it is unchanged', () => {
    const ready = { type: 'ready', enabled: false, port: 8123, hasKey: true, allowApprovals: false, url: null, problem: null } as const;
    expect(planLocalApiRollback(ready, { ...ready, enabled: true, port: 9000 })).toEqual({ enabled: false, port: 8123 });
    expect(planLocalApiRollback(ready, ready)).toBeNull();
    expect(planLocalApiRollback(null, ready)).toBeNull();
  });
});
