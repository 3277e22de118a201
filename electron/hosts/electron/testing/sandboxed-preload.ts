/**
 * Runs a built preload the way a sandboxed renderer does (electron/electron main at
 * 45.0.0-nightly.20260821):
 * - lib/sandboxed_renderer/init.ts: the preload's `require` knows only `electron`,
 *   `electron/common`, `electron/renderer`, `events`, `node:events`, `timers`, `node:timers`, `url`
 *   and `node:url`; lib/sandboxed_renderer/preload.ts preloadRequire() throws
 *   "module not found: <name>" for anything else. The script runs as a function of (require,
 *   process, exports, module, Buffer, global, setImmediate, clearImmediate); an error is logged and
 *   reported (BROWSER_PRELOAD_ERROR, webContents 'preload-error'), and the page gets no bridge.
 * - the script runs in its own V8 context (the isolated world): Node's globals are not there.
 * - lib/renderer/api/ipc-renderer.ts: `invoke` throws "Error invoking remote method '<channel>':
 *   <error>" when main answers with an error.
 * - contextBridge.exposeInMainWorld copies the API into the page's world
 *   (shell/renderer/api/electron_api_context_bridge.cc): objects are copied, functions become
 *   proxies whose arguments and results are copied again.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import * as timers from 'node:timers';
import * as url from 'node:url';
import { types } from 'node:util';
import { createContext, compileFunction } from 'node:vm';
import type { FakeWebContents } from './fake-web-contents';

export const SANDBOXED_PRELOAD_MODULES = [
  'electron',
  'electron/common',
  'electron/renderer',
  'events',
  'node:events',
  'timers',
  'node:timers',
  'url',
  'node:url',
];

export interface LoadedPreload {
  /** The page's `window`: what the preload exposed with contextBridge. */
  mainWorld: Record<string, unknown>;
  /** Set when the preload threw (a module it may not require, a bug): the page then has no bridge. */
  error: Error | null;
}

type PageListener = (event: unknown, ...args: unknown[]) => void;

/** Copies a value across worlds as the context bridge does (functions become proxies). */
function acrossWorlds(value: unknown): unknown {
  if (typeof value === 'function') {
    const original = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => acrossWorlds(original(...args.map(acrossWorlds)));
  }
  if (value instanceof Promise) return value.then(acrossWorlds);
  if (Array.isArray(value)) return value.map(acrossWorlds);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, acrossWorlds(inner)]));
  return value;
}

function rendererElectron(contents: FakeWebContents, mainWorld: Record<string, unknown>) {
  const wrapped = new Map<PageListener, PageListener>();
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      const { error, result } = await contents.invokeFromPage(channel, args);
      if (error !== undefined) throw new Error(`Error invoking remote method '${channel}': ${error}`);
      return result;
    },
    on(channel: string, listener: PageListener) {
      const forPage: PageListener = (_event, ...args) => listener({ sender: ipcRenderer, senderId: 0, ports: [] }, ...args);
      wrapped.set(listener, forPage);
      contents.pageListeners.set(channel, (contents.pageListeners.get(channel) ?? new Set()).add(forPage));
      return ipcRenderer;
    },
    removeListener(channel: string, listener: PageListener) {
      const forPage = wrapped.get(listener);
      if (forPage) contents.pageListeners.get(channel)?.delete(forPage);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown): void {
      if (key in mainWorld) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
      mainWorld[key] = acrossWorlds(api);
    },
  };
  return { contextBridge, ipcRenderer };
}

/** Runs the preload file for `contents`, with only what a sandboxed preload has. */
export function loadSandboxedPreload(file: string, contents: FakeWebContents): LoadedPreload {
  const mainWorld: Record<string, unknown> = {};
  const electron = rendererElectron(contents, mainWorld);
  const modules = new Map<string, unknown>([
    ['electron', electron],
    ['electron/common', electron],
    ['electron/renderer', electron],
    ['events', EventEmitter],
    ['node:events', EventEmitter],
    ['timers', timers],
    ['node:timers', timers],
    ['url', url],
    ['node:url', url],
  ]);
  const preloadRequire = (name: string): unknown => {
    if (modules.has(name)) return modules.get(name);
    throw new Error(`module not found: ${name}`);
  };
  // The isolated world: a browser's globals, none of Node's (no process, require, Buffer of its own).
  const world = createContext({
    console,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    queueMicrotask,
    structuredClone,
    setTimeout,
    clearTimeout,
  });
  const module = { exports: {} as unknown };
  try {
    const run = compileFunction(
      readFileSync(file, 'utf8'),
      ['require', 'process', 'exports', 'module', 'Buffer', 'global', 'setImmediate', 'clearImmediate'],
      { filename: file, parsingContext: world },
    );
    const preloadProcess = Object.assign(new EventEmitter(), { platform: process.platform, versions: { electron: '45.4.1' }, env: {} });
    run(preloadRequire, preloadProcess, module.exports, module, Buffer, world, timers.setImmediate, timers.clearImmediate);
    return { mainWorld, error: null };
  } catch (error) {
    // An error thrown in the preload's own world is not an `instanceof Error` of this one.
    const failure = types.isNativeError(error) ? error : new Error(String(error));
    contents.emit('preload-error', {}, file, failure);
    return { mainWorld, error: failure };
  }
}
