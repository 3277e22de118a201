import { describe, expect, it } from 'vitest';
import type { AgentRunInput } from '../loop/agent-types';
import type { RunShared } from '../loop/run-context';
import { createToolContext } from './tool-context';

function shared(input: Partial<AgentRunInput>): RunShared {
  return { input: { workspace: null, ...input } as AgentRunInput, signal: new AbortController().signal } as RunShared;
}

describe('createToolContext: fetch_url network policy from settings.allowPrivateNetworkFetch', () => {
  it('refuses private addresses unless the setting allows them', () => {
    const place = { callId: 'c1', frameId: 'f1' };
    const strict = createToolContext(shared({}), place).network;
    expect(strict.isAllowedAddress('127.0.0.1')).toBe(false);
    expect(strict.isAllowedAddress('8.8.8.8')).toBe(true);
    const open = createToolContext(shared({ allowPrivateNetworkFetch: true }), place).network;
    expect(open.isAllowedAddress('127.0.0.1')).toBe(true);
  });
});
