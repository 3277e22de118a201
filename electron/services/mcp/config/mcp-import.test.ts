import { describe, expect, it } from 'vitest';
import { planImport } from './mcp-import';

describe('planImport: pasted config is not the user choosing', () => {
  it.each(['never-ask', 'trusted-read'])('a pasted "approval": "%s" becomes "ask", and the server starts disabled', (approval) => {
    const plan = planImport(
      JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['srv'], approval, enabled: true } } }),
      new Set(),
    );
    expect(plan.added.get('files')).toMatchObject({ approval: 'ask', enabled: false, command: 'npx' });
  });
});
