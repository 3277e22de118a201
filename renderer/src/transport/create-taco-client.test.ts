import { describe, expect, it, vi } from 'vitest';
import { createTacoClient, type ClientEnvironment } from './create-taco-client';
import type { WebSocketLike } from './ws-client';
import { takeWsToken, wsUrl } from './ws-token';

function environment(href: string, stored: Record<string, string> = {}) {
  const url = new URL(href);
  const storage = { ...stored };
  const replaceState = vi.fn();
  const env: ClientEnvironment = {
    location: { href, host: url.host, protocol: url.protocol },
    history: { state: null, replaceState },
    sessionStorage: { getItem: (key) => storage[key] ?? null, setItem: (key, value) => void (storage[key] = value) },
  };
  return { env, storage, replaceState };
}

describe('web host token', () => {
  it('takes the token from the query, keeps it for reloads and removes it from the address bar', () => {
    const { env, storage, replaceState } = environment('http://127.0.0.1:5000/?token=s3cr3t&x=1#top');
    expect(takeWsToken(env)).toBe('s3cr3t');
    expect(Object.values(storage)).toEqual(['s3cr3t']);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?x=1#top');
  });

  it('takes the page secret from the sign-in redirect fragment (#token=) and removes it from the address bar', () => {
    const { env, storage, replaceState } = environment('http://127.0.0.1:5000/conversations/x?y=1#token=page-secret');
    expect(takeWsToken(env)).toBe('page-secret');
    expect(Object.values(storage)).toEqual(['page-secret']);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/conversations/x?y=1');
  });

  it('falls back to the stored token after a reload', () => {
    const first = environment('http://127.0.0.1:5000/?token=abc');
    takeWsToken(first.env);
    const reload = environment('http://127.0.0.1:5000/', first.storage);
    expect(takeWsToken(reload.env)).toBe('abc');
    expect(reload.replaceState).not.toHaveBeenCalled();
  });

  it('builds ws:// or wss:// URLs for the page’s host', () => {
    expect(wsUrl({ host: '127.0.0.1:5000', protocol: 'http:' }, 'a b')).toBe('ws://127.0.0.1:5000/ws?token=a%20b');
    expect(wsUrl({ host: 'example.test', protocol: 'https:' }, null)).toBe('wss://example.test/ws');
  });
});

describe('createTacoClient', () => {
  it('uses the Electron bridge when the preload exposed one', async () => {
    const { env } = environment('file:///app/index.html');
    const bridge = {
      calls: { 'run.cancel': async () => ({ ok: true, value: { cancelled: false } }) },
      events: { 'taco-events': () => () => undefined },
    };
    env.taco = bridge;
    const createSocket = vi.fn();
    env.createSocket = createSocket;
    const client = createTacoClient(env);
    await expect(client.call('run.cancel', { runId: 'r' })).resolves.toEqual({ cancelled: false });
    expect(createSocket).not.toHaveBeenCalled();
  });

  it('otherwise opens the web host’s WebSocket with the page’s token', () => {
    const { env } = environment('http://127.0.0.1:5000/?token=tok');
    const urls: string[] = [];
    env.createSocket = (url) => {
      urls.push(url);
      return {
        readyState: 0,
        send: () => undefined,
        close: () => undefined,
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
      } satisfies WebSocketLike;
    };
    createTacoClient(env);
    expect(urls).toEqual(['ws://127.0.0.1:5000/ws?token=tok']);
  });
});
