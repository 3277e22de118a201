import { describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '../../../shared/contract/contract';
import type { PullProgressEvent, TacoEvent } from '../../../shared/contract/events';
import { callChannel, eventChannel, type CallEnvelope } from '../../../shared/contract/transport';
import { FakeWebContents } from './testing/fake-electron';
import { FrameState } from './testing/fake-web-frame';
import { artifactFramePolicy } from '../artifact-frame-policy';
import { windowProxyConfig } from './window-network';

const electron = vi.hoisted(() => ({ current: null as null | ReturnType<typeof import('./testing/fake-electron').createFakeElectron> }));

vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./testing/fake-electron');
  electron.current = createFakeElectron();
  return electron.current;
});

/** What happened at quit, in order: the services' shutdown (MCP servers included) and Electron's quit events. */
const quitLog = vi.hoisted(() => [] as string[]);

vi.mock('../../services/app/app-services', async () => {
  const { composeAppServices } = await import('../../services/app/compose-app-services');
  const { fakePorts } = await import('../../services/app/testing/fake-ports');
  return {
    createAppServices: async (options: Parameters<typeof composeAppServices>[0]) => {
      const services = await composeAppServices({ ...options, batchIntervalMs: 1 }, fakePorts());
      const dispose = services.dispose.bind(services);
      services.dispose = async () => {
        quitLog.push('services dispose started');
        await dispose();
        quitLog.push('services disposed');
      };
      return services;
    },
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

/** A call the way the page makes it: ipcRenderer.invoke from a frame, answered as Electron's ipc-dispatch.ts does. */
async function invoke(contents: FakeWebContents, name: string, request: unknown, from?: FrameState): Promise<CallEnvelope<unknown>> {
  const reply = await contents.invokeFromPage(callChannel(name as (typeof CALL_NAMES)[number]), [request], from);
  if (reply.error !== undefined) throw new Error(reply.error);
  return reply.result as CallEnvelope<unknown>;
}

describe('Electron main (electron mocked)', async () => {
  const { fake, window } = await boot();
  const fromPage = (name: string, request: unknown): Promise<CallEnvelope<unknown>> => invoke(window.webContents, name, request);
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
    expect(prefs.enableBlinkFeatures).toBe('BlockingFocusWithoutUserActivation');
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(window.options.title).toBe('TACO');
    expect(window.loadURL).toHaveBeenCalledWith('app://taco/index.html');
  });

  it('serves the built renderer from its own app:// origin, registered as privileged before the app is ready', () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledTimes(1);
    expect(fake.protocol.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
      { scheme: 'artifact', privileges: { standard: true, secure: true } },
    ]);
    const registered = fake.protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0] ?? Infinity;
    expect(registered).toBeLessThan(fake.app.whenReady.mock.invocationCallOrder[0] ?? -Infinity);
    expect(fake.session.defaultSession.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('serves the artifact preview frame from its own artifact:// origin, framed only by app://taco', async () => {
    const page = await fake.session.defaultSession.protocol.fetch('artifact://preview/artifact-frame.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors app://taco;');
    expect((await fake.session.defaultSession.protocol.fetch('artifact://preview/index.html')).status).toBe(404);
    // Our window's subframes may load it; the window itself may not go there.
    const contents = window.webContents;
    expect(contents.navigateFromPage('artifact://preview/artifact-frame.html', { frame: contents.addSubframe('about:blank') })).toBe(true);
    expect(contents.navigateFromPage('about:srcdoc', { frame: contents.addSubframe('about:blank') })).toBe(true);
    expect(contents.navigateFromPage('app://taco/diagram-frame.html', { frame: contents.addSubframe('about:blank') })).toBe(true);
    expect(contents.navigateFromPage('artifact://preview/other.html', { frame: contents.addSubframe('about:blank') })).toBe(false);
    expect(contents.navigateFromPage('artifact://preview/artifact-frame.html')).toBe(false);
    expect(contents.navigateFromPage('app://taco/diagram-frame.html')).toBe(false);
    // A drawn diagram's view frame is a srcdoc too (MermaidDiagram.tsx); the window itself never goes there.
    expect(contents.navigateFromPage('about:srcdoc')).toBe(false);
  });

  it('gives the window a session that reaches no network before it loads anything, and WebRTC only through that session', () => {
    expect(fake.session.defaultSession.proxy).toEqual(windowProxyConfig({ type: 'bundle', dir: '/x' }));
    const proxySet = fake.session.defaultSession.setProxy.mock.invocationCallOrder[0] ?? Infinity;
    expect(proxySet).toBeLessThan(window.loadURL.mock.invocationCallOrder[0] ?? -Infinity);
    expect(window.webContents.webRtcIpHandlingPolicy).toBe('disable_non_proxied_udp');
    const later = new FakeWebContents(fake.ipcMain);
    fake.app.emit('web-contents-created', {}, later);
    expect(later.webRtcIpHandlingPolicy).toBe('disable_non_proxied_udp');
  });

  it('has one IPC handler per contract call', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(CALL_NAMES.map((name) => callChannel(name)).sort());
  });

  it.each(CALL_NAMES)('%s refuses a foreign sender before anything runs', async (name) => {
    const other = new FakeWebContents(fake.ipcMain);
    other.load('app://taco/index.html');
    const forbidden = { ok: false, error: { code: 'forbidden', message: expect.stringContaining('Refused') } };
    // Another webContents showing a page at our very URL, and an iframe in our own window.
    expect(await invoke(other, name, {})).toEqual(forbidden);
    expect(await invoke(window.webContents, name, {}, window.webContents.addSubframe('app://taco/index.html'))).toEqual(forbidden);
    // A frame that is gone (senderFrame null), and events without a sender.
    const gone = new FrameState(window.webContents.processId);
    gone.url = 'app://taco/index.html';
    gone.disposed = true;
    expect(await invoke(window.webContents, name, {}, gone)).toEqual(forbidden);
    for (const event of [{ sender: window.webContents, senderFrame: null }, { senderFrame: window.webContents.mainFrame }, {}])
      expect(await handler(name)(event, {})).toEqual(forbidden);
  });

  it('trusts our window by its webContents and its frame’s URL, not by frame object identity', async () => {
    // Electron may hand out a new WebFrameMain wrapper per lookup (fake-web-frame.ts): so does the fake.
    expect(window.webContents.mainFrame).not.toBe(window.webContents.mainFrame);
    expect(await fromPage('settings.get', {})).toMatchObject({ ok: true });
  });

  it('still trusts our window after a reload and an in-page navigation (new frame token, same page)', async () => {
    const before = window.webContents.mainFrame.frameToken;
    window.webContents.reload();
    expect(window.webContents.mainFrame.frameToken).not.toBe(before);
    expect(await fromPage('settings.get', {})).toMatchObject({ ok: true });
    expect(window.webContents.navigateFromPage('app://taco/index.html#/settings', { isSameDocument: true })).toBe(true);
    expect(await fromPage('settings.get', {})).toMatchObject({ ok: true });
  });

  it.each(CALL_NAMES)('%s refuses an invalid payload, naming the field', async (name) => {
    const answer = await fromPage(name, { bogusField: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    if (!answer.ok)
      expect(answer.error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: invalid request: .*("\\w[\\w.]*"|bogusField)`));
  });

  it('refuses our own frame once it shows another page', async () => {
    const original = window.webContents.frame.url;
    window.webContents.frame.url = 'https://evil.example/';
    expect(await fromPage('settings.get', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    window.webContents.frame.url = original;
    expect(await fromPage('settings.get', {})).toMatchObject({ ok: true });
  });

  it('sends event batches to the window on the event channel', async () => {
    window.webContents.send.mockClear();
    expect(await fromPage('chat.send', { conversationId: null, text: 'Hello', model: 'm' })).toMatchObject({
      ok: true,
      value: { type: 'run' },
    });
    await vi.waitFor(() => expect(window.webContents.send).toHaveBeenCalled());
    const [channel, batch] = window.webContents.send.mock.calls[0] as [string, TacoEvent[]];
    expect(channel).toBe(eventChannel('taco-events'));
    expect(batch).toContainEqual(expect.objectContaining({ type: 'user-message', text: 'Hello' }));
  });

  it('sends model events (pull progress) to the window on their own channel', async () => {
    expect(await fromPage('settings.set', { ollamaHost: 'http://127.0.0.1:9' })).toMatchObject({ ok: true });
    window.webContents.send.mockClear();
    expect(await fromPage('models.pull', { name: 'llama3.2' })).toMatchObject({ ok: true, value: { pullId: expect.any(String) } });
    await vi.waitFor(() => {
      const sent = window.webContents.send.mock.calls.filter(([channel]) => channel === eventChannel('model-events'));
      expect(sent.flatMap(([, batch]) => batch as PullProgressEvent[]).some((event) => event.done)).toBe(true);
    });
    const last = window.webContents.send.mock.calls
      .filter(([channel]) => channel === eventChannel('model-events'))
      .at(-1)?.[1] as PullProgressEvent[];
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
    for (const accelerator of ['CmdOrCtrl+N', 'CmdOrCtrl+K', 'CmdOrCtrl+Shift+W', 'CmdOrCtrl+,', 'Escape'])
      expect(template).toContain(accelerator);
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
    for (const url of [
      'https://ollama.com/library',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'vscode://x',
      'https://u:p@example.com/',
    ]) {
      expect(window.webContents.openWindowFromPage(url), url).toBe(false);
    }
    await vi.waitFor(() => expect(fake.shell.openExternal).toHaveBeenCalledTimes(1));
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://ollama.com/library');
  });

  it('blocks navigation away from our page, and webviews', () => {
    const contents = window.webContents;
    expect(contents.navigateFromPage('https://evil.example/')).toBe(false);
    expect(contents.navigateFromPage('file:///etc/passwd')).toBe(false);
    expect(contents.navigateFromPage('app://taco/other.html')).toBe(false);
    expect(contents.navigateFromPage('https://evil.example/', { frame: contents.addSubframe('app://taco/index.html') })).toBe(false);
    expect(contents.mainFrame.url).toMatch(/^app:\/\/taco\/index\.html(#|$)/);
    expect(contents.navigateFromPage('app://taco/index.html')).toBe(true);
    expect(contents.redirect('http://127.0.0.1:11434/')).toBe(false);
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('grants only the clipboard write the Copy buttons use, and only to our own page', async () => {
    const ask = (permission: string, contents: FakeWebContents = window.webContents, frame?: FrameState): Promise<boolean> =>
      fake.session.defaultSession.requestPermission(contents, permission, frame);
    expect(await ask('clipboard-sanitized-write')).toBe(true);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid'])
      expect(await ask(permission), permission).toBe(false);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', 'devtools://devtools/x']) {
      const other = new FakeWebContents(fake.ipcMain);
      other.load(url);
      expect(await ask('clipboard-sanitized-write', other), url).toBe(false);
      expect(await ask('clipboard-sanitized-write', window.webContents, window.webContents.addSubframe(url)), url).toBe(false);
    }
    const check = fake.session.defaultSession.checkPermission;
    expect(check(window.webContents, 'clipboard-sanitized-write', 'app://taco')).toBe(true);
    expect(check(window.webContents, 'media', 'app://taco')).toBe(false);
    const evil = new FakeWebContents(fake.ipcMain);
    evil.load('https://evil.example/');
    expect(check(evil, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'app://taco')).toBe(false);
  });

  it('guards webContents created later (devtools, dialogs) like the window', () => {
    const later = new FakeWebContents(fake.ipcMain);
    fake.app.emit('web-contents-created', {}, later);
    later.load('app://taco/index.html');
    expect(later.openWindowFromPage('https://evil.example/')).toBe(false);
    expect(later.navigateFromPage('https://evil.example/')).toBe(false);
    expect(later.navigateFromPage('https://evil.example/', { frame: later.addSubframe('about:blank') })).toBe(false);
    expect(later.redirect('https://evil.example/')).toBe(false);
    const webview = { preventDefault: vi.fn() };
    later.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('a second launch focuses the window instead of opening another', () => {
    window.focus.mockClear();
    fake.app.launchSecondInstance(['taco']);
    expect(window.focus).toHaveBeenCalledTimes(1);
    expect(fake.windows).toHaveLength(1);
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
    // The artifact frame keeps its own policy (the renderer's would let it frame and connect to 'self').
    const frameHeaders = { 'Content-Security-Policy': [artifactFramePolicy('app://taco')] };
    onHeaders({ url: 'artifact://preview/artifact-frame.html', responseHeaders: frameHeaders }, callback);
    expect((callback.mock.calls[1]?.[0] as { responseHeaders: unknown }).responseHeaders).toEqual(frameHeaders);
  });

  it('on quit, shuts the services (and their MCP servers) down first, then quits', async () => {
    fake.app.on('will-quit', () => quitLog.push('will-quit'));
    fake.app.on('quit', () => quitLog.push('quit'));
    fake.app.quit();
    // Electron's before-quit was prevented: nothing has quit yet, the services are shutting down.
    expect(fake.app.isQuitting()).toBe(false);
    expect(fake.ipcMain.handlers.size).toBe(0);
    await vi.waitFor(() => expect(fake.app.isQuitting()).toBe(true));
    expect(quitLog).toEqual(['services dispose started', 'services disposed', 'will-quit', 'quit']);
    expect(fake.windows).toHaveLength(0);
  });
});
