import { describe, expect, it } from 'vitest';
import { displayToolName, mcpToolLabel } from './mcp-tool-name';

describe('mcpToolLabel', () => {
  it('prefers the catalogue’s source, else parses mcp__<server>__<tool>; built-ins have none', () => {
    expect(mcpToolLabel('mcp__everything__get-sum')).toEqual({ server: 'everything', tool: 'get-sum' });
    expect(mcpToolLabel('mcp__my-files__read_file')).toEqual({ server: 'my-files', tool: 'read_file' });
    expect(
      mcpToolLabel('mcp__long_na_3f2a', {
        source: { kind: 'mcp', server: 'long_name', tool: 'a_very_long_tool', readOnlyHint: null, remote: false },
      }),
    ).toEqual({ server: 'long_name', tool: 'a_very_long_tool' });
    expect(mcpToolLabel('read_file')).toBeNull();
    expect(mcpToolLabel('mcp__broken')).toBeNull();
  });

  it('shows an MCP tool as its server names it, never as a title-cased id; a built-in in words', () => {
    expect(displayToolName('mcp__everything__get-tiny-image')).toBe('get-tiny-image');
    expect(displayToolName('mcp__everything__echo')).toBe('echo');
    expect(
      displayToolName('mcp__long_na_3f2a', {
        source: { kind: 'mcp', server: 'long_name', tool: 'a_very_long_tool', readOnlyHint: null, remote: false },
      }),
    ).toBe('a_very_long_tool');
    expect(displayToolName('read_file')).toBe('Read File');
  });
});
