import { BrowserWindow, session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A session of its own, in memory: the print window loads its one file and nothing else. */
const PRINT_PARTITION = 'taco-print';

/**
 * The desktop app's PDF export: the conversation's HTML export (no script, its own CSP) loaded in
 * a hidden window with JavaScript off, in a session that refuses every request but the page's own
 * file, then `webContents.printToPDF`. The options are Electron's PrintToPDFOptions
 * (electron/electron docs/api/structures/print-to-pdf-options.md): A4, the page's own backgrounds
 * off, an outline from the headings. The page goes through a temporary file, not a data: URL,
 * which Chromium caps at 2 MB.
 */
export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'taco-print-'));
  const file = join(dir, 'conversation.html');
  const pageUrl = pathToFileURL(file).href;
  const printSession = session.fromPartition(PRINT_PARTITION);
  printSession.webRequest.onBeforeRequest((details, callback) => callback({ cancel: details.url !== pageUrl }));
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      partition: PRINT_PARTITION,
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  try {
    await writeFile(file, html, { mode: 0o600 });
    await window.loadFile(file);
    return await window.webContents.printToPDF({ pageSize: 'A4', printBackground: false, generateDocumentOutline: true });
  } finally {
    window.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
