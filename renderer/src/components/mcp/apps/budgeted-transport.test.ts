import { describe, expect, it, vi } from 'vitest';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { BudgetedTransport } from './budgeted-transport';

function fakeTransport(): Transport & { deliver(message: JSONRPCMessage): void; closed: boolean } {
  const fake = {
    closed: false,
    onmessage: undefined as Transport['onmessage'],
    start: async () => undefined,
    send: vi.fn(async () => undefined),
    close: async () => {
      fake.closed = true;
    },
    deliver(message: JSONRPCMessage) {
      fake.onmessage?.(message);
    },
  };
  return fake as unknown as Transport & { deliver(message: JSONRPCMessage): void; closed: boolean };
}

const PING: JSONRPCMessage = { jsonrpc: '2.0', method: 'ping', id: 1 };

describe('the app bridge’s message budget', () => {
  it('passes the budget’s messages, then cuts the app off: nothing more is delivered or sent', async () => {
    const inner = fakeTransport();
    const exhausted = vi.fn();
    const transport = new BudgetedTransport(inner, 3, exhausted);
    const delivered = vi.fn();
    transport.onmessage = delivered;
    await transport.start();
    for (let index = 0; index < 10; index += 1) inner.deliver(PING);
    expect(delivered).toHaveBeenCalledTimes(3);
    expect(exhausted).toHaveBeenCalledOnce();
    expect(inner.closed).toBe(true);
    await transport.send(PING);
    expect(inner.send).not.toHaveBeenCalled();
  });
});
