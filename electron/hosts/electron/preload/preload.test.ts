import { describe, expect, it, vi } from 'vitest';
import { CALL_NAMES, EVENT_NAMES } from '../../../../shared/contract/contract';
import { callChannel, eventChannel, type TacoBridge } from '../../../../shared/contract/transport';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  return {
    listeners,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ ok: true, value: { channel, args } })),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((entry) => entry !== listener),
        );
      }),
      send: vi.fn(),
      sendSync: vi.fn(),
    },
  };
});
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }));

async function exposed(): Promise<{ key: string; bridge: TacoBridge }> {
  await import('./index');
  const [key, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, TacoBridge];
  return { key, bridge };
}

/** Every key and value reachable from the bridge, to prove nothing generic leaks. */
function walk(value: unknown, key = '', out: Array<{ key: string; value: unknown }> = []): Array<{ key: string; value: unknown }> {
  out.push({ key, value });
  if (typeof value === 'object' && value !== null) for (const [inner, innerValue] of Object.entries(value)) walk(innerValue, inner, out);
  return out;
}

describe('preload', () => {
  it('exposes window.taco with one function per call and one subscribe per event, nothing else', async () => {
    const { key, bridge } = await exposed();
    expect(key).toBe('taco');
    expect(Object.keys(bridge).sort()).toEqual(['calls', 'events']);
    expect(Object.keys(bridge.calls).sort()).toEqual([...CALL_NAMES].sort());
    expect(Object.keys(bridge.events).sort()).toEqual([...EVENT_NAMES].sort());
    for (const name of CALL_NAMES) expect(typeof bridge.calls[name]).toBe('function');
  });

  it('never exposes ipcRenderer or a generic invoke/send', async () => {
    const { bridge } = await exposed();
    const allowed = new Set<string>(['', 'calls', 'events', ...CALL_NAMES, ...EVENT_NAMES]);
    for (const entry of walk(bridge)) {
      expect(allowed.has(entry.key), `unexpected key "${entry.key}" on window.taco`).toBe(true);
      expect(entry.value).not.toBe(electron.ipcRenderer);
      expect(Object.values(electron.ipcRenderer)).not.toContain(entry.value);
    }
  });

  it('each call goes to its own fixed channel with exactly the request', async () => {
    const { bridge } = await exposed();
    for (const name of CALL_NAMES) {
      electron.ipcRenderer.invoke.mockClear();
      const call = bridge.calls[name] as (request: unknown) => Promise<unknown>;
      const loose = call as (...args: unknown[]) => Promise<unknown>;
      await loose({ some: 'request' }, 'extra', 'arguments');
      expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
      expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(callChannel(name), { some: 'request' });
    }
  });

  it('subscribe hands over the payload only, and returns a working unsubscribe', async () => {
    const { bridge } = await exposed();
    const channel = eventChannel('taco-events');
    const listener = vi.fn();
    const unsubscribe = bridge.events['taco-events'](listener);
    const [registered] = electron.listeners.get(channel) ?? [];
    registered?.({ sender: 'the ipc event' }, [{ type: 'status', text: 'hi' }]);
    expect(listener).toHaveBeenCalledWith([{ type: 'status', text: 'hi' }]);
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(electron.listeners.get(channel)).toEqual([]);
  });
});
