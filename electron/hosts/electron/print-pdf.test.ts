import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Electron as far as printHtmlToPdf uses it: session.fromPartition().webRequest.onBeforeRequest
 * (shell/browser/api/electron_api_web_request.cc: one listener, the callback's `cancel`),
 * BrowserWindow with loadFile and webContents.printToPDF (lib/browser/api/web-contents.ts:
 * printToPDF(options) resolves a Buffer).
 */
const fake = vi.hoisted(() => {
  const state = {
    filter: null as null | ((details: { url: string }, callback: (response: { cancel: boolean }) => void) => void),
    partitions: [] as string[],
    windows: [] as Array<{
      options: { show?: boolean; webPreferences?: Record<string, unknown> };
      destroyed: boolean;
      loaded: string | null;
      seen: string;
    }>,
    printOptions: [] as unknown[],
    failPrint: false,
  };
  class BrowserWindow {
    readonly record: (typeof state.windows)[number];
    readonly webContents = {
      printToPDF: async (options: unknown): Promise<Buffer> => {
        state.printOptions.push(options);
        if (state.failPrint) throw new Error('printing failed');
        return Buffer.from('%PDF-fake');
      },
    };
    constructor(options: (typeof state.windows)[number]['options']) {
      this.record = { options, destroyed: false, loaded: null, seen: '' };
      state.windows.push(this.record);
    }
    async loadFile(path: string): Promise<void> {
      this.record.loaded = path;
      this.record.seen = readFileSync(path, 'utf8');
    }
    destroy(): void {
      this.record.destroyed = true;
    }
  }
  const session = {
    fromPartition: (partition: string) => {
      state.partitions.push(partition);
      return { webRequest: { onBeforeRequest: (listener: NonNullable<typeof state.filter>) => (state.filter = listener) } };
    },
  };
  return { state, BrowserWindow, session };
});
vi.mock('electron', () => ({ BrowserWindow: fake.BrowserWindow, session: fake.session }));

const { printHtmlToPdf } = await import('./print-pdf');

beforeEach(() => {
  fake.state.windows.length = 0;
  fake.state.printOptions.length = 0;
  fake.state.failPrint = false;
});

describe('printHtmlToPdf (the desktop app’s PDF export)', () => {
  it('prints the page in a hidden window with JavaScript off, in a session that loads nothing else, then cleans up', async () => {
    const pdf = await printHtmlToPdf('<!doctype html><title>t</title><p>hello</p>');
    expect(Buffer.from(pdf).toString()).toBe('%PDF-fake');
    const [window] = fake.state.windows;
    expect(window?.options.show).toBe(false);
    expect(window?.options.webPreferences).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(window?.options.webPreferences?.['partition']).toBe(fake.state.partitions.at(-1));
    expect(window?.seen).toContain('<p>hello</p>');
    expect(fake.state.printOptions).toEqual([{ pageSize: 'A4', printBackground: false, generateDocumentOutline: true }]);

    const answers: Record<string, boolean> = {};
    const pageUrl = `file://${window?.loaded ?? ''}`;
    for (const url of [pageUrl, 'https://evil.example/pixel.png', 'file:///etc/passwd'])
      fake.state.filter?.({ url }, (response) => (answers[url] = response.cancel));
    expect(answers).toEqual({ [pageUrl]: false, 'https://evil.example/pixel.png': true, 'file:///etc/passwd': true });

    expect(window?.destroyed).toBe(true);
    expect(existsSync(window?.loaded ?? '/')).toBe(false);
    expect(fileURLToPath(pageUrl)).toBe(window?.loaded);
  });

  it('closes the window and removes the file when printing fails', async () => {
    fake.state.failPrint = true;
    await expect(printHtmlToPdf('<p>x</p>')).rejects.toThrow('printing failed');
    expect(fake.state.windows[0]?.destroyed).toBe(true);
    expect(existsSync(fake.state.windows[0]?.loaded ?? '/')).toBe(false);
  });
});
