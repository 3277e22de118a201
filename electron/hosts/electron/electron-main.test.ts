import { describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '../../../shared/contract';
import type { ModelEvent, TacoEvent } from '../../../shared/events';
import { callChannel, eventChannel, type CallEnvelope } from '../../../shared/transport';
import { FakeWebContents } from './testing/fake-electron';

const electron = vi.hoisted(() => ({ current: null as null | ReturnType<typeof import('./testing/fake-electron').createFakeElectron> }));

vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./testing/fake-electron');
  electron.current = createFakeElectron();
  return electron.current;
});

vi.mock('../../services/app/app-services', async () => {
  const { composeAppServices } = await import('../../services/app/compose-app-services');
  const { fakePorts } = await import('../../services/app/testing/fake-ports');
  return {
    createAppServices: (options: Parameters<typeof composeAppServices>[0]) =>
      composeAppServices({ ...options, batchIntervalMs: 1 }, fakePorts()),
  };
});

async function boot() {
  const { startMain } = await import('./start-main');
  await startMain();
  const fake = electron.current;
  if (!fake) throw new Error('electron was not mocked');
  const window = fake.windows[0];
  if (!window) throw new Error('no window was created');
  await vi.waitFor(() => expect(window.webContents.mainFrame.url).toBe('app://taco/index.html'));
  return { fake, window };
}

type Handler = (event: unknown, request: unknown) => Promise<CallEnvelope<unknown>>;

describe('Electron main (electron mocked)', async () => {
  const { fake, window } = await boot();
  const trusted = { senderFrame: window.webContents.mainFrame };
  const handler = (name: string): Handler => {
    const found = fake.ipcMain.handlers.get(callChannel(name as (typeof CALL_NAMES)[number]));
    if (!found) throw new Error(`no handler for ${name}`);
    return found as Handler;
  };

  it('takes the single-instance lock and opens one window with the secure options', () => {
    expect(fake.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(1);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.disableBlinkFeatures).toBe('Auxclick');
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(window.options.title).toBe('TACO');
    expect(window.loadURL).toHaveBeenCalledWith('app://taco/index.html');
  });

  it('serves the built renderer from its own app:// origin, registered as privileged before the app is ready', () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    const registered = fake.protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0] ?? Infinity;
    expect(registered).toBeLessThan(fake.app.whenReady.mock.invocationCallOrder[0] ?? -Infinity);
    expect(fake.session.defaultSession.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('has one IPC handler per contract call', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(CALL_NAMES.map((name) => callChannel(name)).sort());
  });

  it.each(CALL_NAMES)('%s refuses a foreign sender before anything runs', async (name) => {
    const foreignFrame = { url: window.webContents.mainFrame.url };
    for (const event of [{ senderFrame: foreignFrame }, { senderFrame: null }, {}]) {
      expect(await handler(name)(event, {})).toEqual({
        ok: false,
        error: { code: 'forbidden', message: expect.stringContaining('Refused') },
      });
    }
  });

  it.each(CALL_NAMES)('%s refuses an invalid payload, naming the field', async (name) => {
    const answer = await handler(name)(trusted, { bogusField: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    if (!answer.ok)
      expect(answer.error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: invalid request: .*("\\w[\\w.]*"|bogusField)`));
  });

  it('refuses our own frame once it shows another page', async () => {
    const original = window.webContents.mainFrame.url;
    window.webContents.mainFrame.url = 'https://evil.example/';
    expect(await handler('settings.get')(trusted, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    window.webContents.mainFrame.url = original;
    expect(await handler('settings.get')(trusted, {})).toMatchObject({ ok: true });
  });

  it('sends event batches to the window on the event channel', async () => {
    window.webContents.send.mockClear();
    expect(await handler('chat.send')(trusted, { conversationId: null, text: '/help', model: 'm' })).toMatchObject({
      ok: true,
      value: { type: 'command' },
    });
    await vi.waitFor(() => expect(window.webContents.send).toHaveBeenCalled());
    const [channel, batch] = window.webContents.send.mock.calls[0] as [string, TacoEvent[]];
    expect(channel).toBe(eventChannel('taco-events'));
    expect(batch[0]).toMatchObject({ type: 'command-output', command: '/help' });
  });

  it('sends model events (pull progress) to the window on their own channel', async () => {
    expect(await handler('settings.set')(trusted, { ollamaHost: 'http://127.0.0.1:9' })).toMatchObject({ ok: true });
    window.webContents.send.mockClear();
    expect(await handler('models.pull')(trusted, { name: 'llama3.2' })).toMatchObject({ ok: true, value: { pullId: expect.any(String) } });
    await vi.waitFor(() => {
      const sent = window.webContents.send.mock.calls.filter(([channel]) => channel === eventChannel('model-events'));
      expect(sent.flatMap(([, batch]) => batch as ModelEvent[]).some((event) => event.done)).toBe(true);
    });
    const last = window.webContents.send.mock.calls
      .filter(([channel]) => channel === eventChannel('model-events'))
      .at(-1)?.[1] as ModelEvent[];
    expect(last.at(-1)).toMatchObject({
      type: 'pull-progress',
      model: 'llama3.2',
      done: true,
      error: expect.stringContaining('Cannot reach Ollama'),
    });
  });

  it('sets the application menu with the app’s shortcuts', () => {
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    const template = JSON.stringify(fake.Menu.buildFromTemplate.mock.calls[0]?.[0]);
    for (const accelerator of ['CmdOrCtrl+N', 'CmdOrCtrl+K', 'CmdOrCtrl+,', 'Escape']) expect(template).toContain(accelerator);
  });

  it('opens the window at a size that fits the display, and remembers its bounds when it closes', async () => {
    expect(window.options).toMatchObject({ width: 1200, height: 800 });
    window.bounds = { x: 40, y: 30, width: 1111, height: 777 };
    window.emit('close');
    const { readWindowState } = await import('./window-state');
    await vi.waitFor(async () =>
      expect(await readWindowState(fake.userData)).toEqual({ x: 40, y: 30, width: 1111, height: 777, maximized: false }),
    );
  });

  it('denies every new window; only http(s) links go to the system browser', async () => {
    const open = window.webContents.windowOpenHandler;
    if (!open) throw new Error('no window-open handler');
    for (const url of [
      'https://ollama.com/library',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'vscode://x',
      'https://u:p@example.com/',
    ]) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://ollama.com/library');
  });

  it('blocks navigation away from our page, and webviews', () => {
    const navigate = (url: string): boolean => {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('app://taco/other.html')).toBe(true);
    expect(navigate(`${window.webContents.mainFrame.url}#/settings`)).toBe(false);
    const redirect = { preventDefault: vi.fn() };
    window.webContents.emit('will-redirect', redirect, 'http://127.0.0.1:11434/');
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    window.webContents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('grants only the clipboard write the Copy buttons use, and only to our own page', () => {
    const [requestHandler] = fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0] as [
      (wc: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void,
    ];
    const ask = (permission: string, requestingUrl: string): boolean => {
      const callback = vi.fn();
      requestHandler(window.webContents, permission, callback, { requestingUrl });
      return callback.mock.calls[0]?.[0] as boolean;
    };
    expect(ask('clipboard-sanitized-write', 'app://taco/index.html')).toBe(true);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid'])
      expect(ask(permission, 'app://taco/index.html'), permission).toBe(false);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', 'devtools://devtools/x'])
      expect(ask('clipboard-sanitized-write', url), url).toBe(false);

    const [checkHandler] = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0] as [
      (wc: unknown, permission: string, origin: string, details: { requestingUrl?: string }) => boolean,
    ];
    expect(checkHandler(window.webContents, 'clipboard-sanitized-write', 'app://taco', {})).toBe(true);
    expect(checkHandler(window.webContents, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
    expect(checkHandler(window.webContents, 'media', 'app://taco', { requestingUrl: 'app://taco/index.html' })).toBe(false);
    expect(checkHandler(null, 'clipboard-sanitized-write', 'app://taco', {})).toBe(false);
  });

  it('guards webContents created later (devtools, dialogs) like the window', () => {
    const later = new FakeWebContents();
    fake.app.emit('web-contents-created', {}, later);
    expect(later.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-redirect']) {
      const event = { preventDefault: vi.fn() };
      later.emit(name, event, 'https://evil.example/');
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    const frame = { url: 'https://evil.example/', preventDefault: vi.fn() };
    later.emit('will-frame-navigate', frame);
    expect(frame.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    later.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('adds the strict CSP to every response', () => {
    const [onHeaders] = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0] as [
      (details: unknown, callback: (response: unknown) => void) => void,
    ];
    const callback = vi.fn();
    onHeaders({ responseHeaders: { 'X-Other': ['1'] } }, callback);
    const headers = (callback.mock.calls[0]?.[0] as { responseHeaders: Record<string, string[]> }).responseHeaders;
    expect(headers['X-Other']).toEqual(['1']);
    expect(headers['Content-Security-Policy']?.[0]).toContain("script-src 'self'");
    expect(headers['Content-Security-Policy']?.[0]).not.toContain('unsafe');
  });

  it('on quit, shuts the services down first, then quits', async () => {
    const event = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
    expect(fake.ipcMain.handlers.size).toBe(0);
  });
});
