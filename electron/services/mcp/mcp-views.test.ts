import { describe, expect, it } from 'vitest';
import { MCP_SECRET_MASK } from '../../../shared/mcp/mcp';
import { unmaskSecrets } from './mcp-views';

describe('unmaskSecrets: a stored header stays with its host', () => {
  const stored = { url: 'https://mcp.example.com/mcp', headers: { 'x-api-key': 'k-secret' }, enabled: true };
  it('keeps the stored value for the same origin', () => {
    expect(
      unmaskSecrets('s', { ...stored, url: 'https://mcp.example.com/v2', headers: { 'x-api-key': MCP_SECRET_MASK } }, stored).headers,
    ).toEqual({
      'x-api-key': 'k-secret',
    });
  });
  it('refuses a masked header when the URL moved to another origin', () => {
    expect(() =>
      unmaskSecrets('s', { ...stored, url: 'https://evil.example/mcp', headers: { 'x-api-key': MCP_SECRET_MASK } }, stored),
    ).toThrow(/type the value of "x-api-key" again/);
  });
});
