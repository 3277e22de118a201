import { describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { TacoBridge } from '../../../shared/contract/transport';
import { createBridgeClient, isTacoBridge } from './bridge-client';
import { TacoCallError } from './taco-call-error';

function fakeBridge(overrides: Partial<TacoBridge['calls']> = {}) {
  const listeners = new Set<(events: TacoEvent[]) => void>();
  const bridge = {
    calls: {
      'run.cancel': vi.fn(async () => ({ ok: true as const, value: { cancelled: true } })),
      'settings.set': vi.fn(async () => ({
        ok: false as const,
        error: { code: 'invalid-payload' as const, message: '"ollamaHost" must be an http:// URL' },
      })),
      'models.list': vi.fn(async () => {
        throw new Error('IPC channel closed');
      }),
      ...overrides,
    },
    events: {
      'taco-events': (listener: (events: TacoEvent[]) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } as unknown as TacoBridge;
  return { bridge, listeners };
}

describe('createBridgeClient', () => {
  it('unwraps a successful envelope into its value, passing the request through', async () => {
    const { bridge } = fakeBridge();
    const client = createBridgeClient(bridge);
    await expect(client.call('run.cancel', { runId: 'r1' })).resolves.toEqual({ cancelled: true });
    expect(bridge.calls['run.cancel']).toHaveBeenCalledWith({ runId: 'r1' });
  });

  it('turns an error envelope into a TacoCallError with main’s code and words', async () => {
    const client = createBridgeClient(fakeBridge().bridge);
    const error = await client.call('settings.set', { ollamaHost: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TacoCallError);
    expect(error).toMatchObject({ code: 'invalid-payload', message: '"ollamaHost" must be an http:// URL' });
  });

  it('reports a failing bridge and a missing call in words', async () => {
    const client = createBridgeClient(fakeBridge().bridge);
    await expect(client.call('models.list', {})).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('IPC channel closed'),
    });
    await expect(client.call('tools.list', {})).rejects.toMatchObject({ code: 'unknown-call' });
  });

  it('subscribes and unsubscribes through the bridge', () => {
    const { bridge, listeners } = fakeBridge();
    const client = createBridgeClient(bridge);
    const unsubscribe = client.subscribe('taco-events', () => undefined);
    expect(listeners.size).toBe(1);
    unsubscribe();
    expect(listeners.size).toBe(0);
    expect(client.connection()).toEqual({ type: 'open' });
  });

  it('recognises a bridge', () => {
    expect(isTacoBridge(fakeBridge().bridge)).toBe(true);
    expect(isTacoBridge(undefined)).toBe(false);
    expect(isTacoBridge({ calls: {} })).toBe(false);
  });
});
