import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { TacoHarness } from '../support/taco-fixture';
import { tempDir } from '../support/processes';
import {
  CONTROL_ADDRESS,
  CONTROL_NAME,
  LEAK_ADDRESS,
  launchObservedBrowser,
  listenAt,
  channelsInNetLog,
  lookupsOf,
  netLogPath,
  type Listener,
} from '../support/leak-observers';

/**
 * The artifact preview in a browser tab of the web host, against what no page can fake: a listener
 * on a loopback address of its own and Chromium's network log (e2e/support/leak-observers.ts). Each
 * test first shows that its observers see the channel at all, from the window (the control).
 */

/**
 * The channels a browser tab lets an artifact use all the same (no policy governs them): the
 * connection hints and the preconnect Chromium makes for a navigation before refusing it.
 */
const WHAT_REMAINS = ['dns-prefetch-markup', 'dns-prefetch-script', 'meta-refresh', 'preconnect-markup', 'preconnect-script'];

/** Sends one message and waits for its answer to finish. */
async function ask(page: Page, text: string): Promise<void> {
  const answers = await page.getByTestId('answer-text').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text')).toHaveCount(answers + 1);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
}

/** Opens the app in an observed browser, previews the answer to `question`, runs `check`, then closes the browser. */
async function previewObserved(
  question: (port: number) => string,
  check: (page: Page, listener: Listener, control: Listener) => Promise<void>,
): Promise<{ listener: Listener; control: Listener; netLog: string; removeFolder: () => void }> {
  const folder = tempDir('taco-e2e-channels-');
  const netLog = netLogPath(folder.path);
  const listener = await listenAt(LEAK_ADDRESS);
  const control = await listenAt(CONTROL_ADDRESS);
  const context = await launchObservedBrowser(join(folder.path, 'profile'), netLog);
  const page = context.pages()[0] ?? (await context.newPage());
  const taco = new TacoHarness(page);
  try {
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await ask(page, question(listener.port));
    await page.getByTestId('answer-text').last().getByTestId('code-preview').click();
    await expect(page.getByTestId('artifact-pane')).toBeVisible();
    await check(page, listener, control);
  } finally {
    await context.close();
    await taco.dispose();
    await listener.close();
    await control.close();
  }
  return { listener, control, netLog, removeFolder: folder.remove };
}

/** The window's own hints at the control's name: the observers must see them. */
async function controlHints(page: Page, control: Listener): Promise<void> {
  await page.evaluate(
    ({ name, port }) => {
      for (const rel of ['preconnect', 'dns-prefetch']) {
        const link = document.createElement('link');
        link.rel = rel;
        link.href = `http://${name}:${port}/`;
        document.head.append(link);
      }
    },
    { name: CONTROL_NAME, port: control.port },
  );
  await expect.poll(() => control.arrived.length).toBeGreaterThan(0);
}

/** The `name: outcome` lines an artifact wrote into its `#results`. */
async function outcomesOf(page: Page): Promise<Record<string, string>> {
  const inner = page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe');
  await expect(inner.locator('body')).toHaveAttribute('data-done', 'yes');
  const lines = (await inner.locator('#results').textContent()) ?? '';
  return Object.fromEntries(lines.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
}

test('an artifact reaches nothing through hints, EventSource, sendBeacon, workers or navigation: no lookup, no connection', async () => {
  const refusals: string[] = [];
  const seen = await previewObserved(
    (port) => `Try every channel to ${port}`,
    async (page, _listener, control) => {
      page.on('console', (message) => {
        if (/^Framing '.*\.leak\.test:\d+\/' violates/u.test(message.text())) refusals.push(message.text());
      });
      const appUrl = page.url();
      const outcomes = await outcomesOf(page);
      // Inside the frame, what said no at once (a worker's refusal comes later, as an error event; the
      // observers below are what count for every channel).
      test.info().annotations.push({ type: 'outcomes in the frame', description: JSON.stringify(outcomes) });
      for (const name of ['eventsource', 'service-worker', 'window-open']) expect(outcomes[name], name).toMatch(/^blocked: /u);
      // Its own frame's navigation by a meta refresh is refused by the frame page's policy.
      await page
        .frameLocator('[data-testid=artifact-frame]')
        .frameLocator('iframe')
        .locator('#refresh')
        .evaluate((button: HTMLElement) => button.click());
      await expect.poll(() => refusals.some((text) => text.includes('meta-refresh.'))).toBe(true);
      await controlHints(page, control);
      expect(page.url()).toBe(appUrl);
      expect(page.context().pages()).toHaveLength(1);
      await expect(page.getByTestId('artifact-pane')).toBeVisible();
    },
  );
  try {
    // Outside: the control's lookup and connection are in the browser's log and at its listener, so
    // both observers see these channels; every channel a policy governs reached nothing.
    expect(seen.control.arrived.length).toBeGreaterThan(0);
    expect(lookupsOf(seen.netLog, CONTROL_ADDRESS)).toBeGreaterThan(0);
    const named = channelsInNetLog(seen.netLog);
    test.info().annotations.push({ type: 'channels the browser acted on', description: named.join(', ') });
    expect(named.filter((channel) => !WHAT_REMAINS.includes(channel))).toEqual([]);
    // What may remain in a browser tab (docs/security.md says so): a connection hint, in the markup or
    // added by script, opens a TCP connection to the name it carries, and a dns-prefetch hint looks
    // its name up; a refused navigation of the frame is preconnected to first. Hints are hints: the
    // browser may act on them or not, so only "nothing else arrived" is asserted.
    expect(seen.listener.arrived.every((arrival) => arrival === 'tcp connection')).toBe(true);
  } finally {
    seen.removeFolder();
  }
});

test('in a browser tab, a srcdoc frame the artifact makes runs its own WebRTC and reaches the network (what remains there); an about:blank child is no way in', async () => {
  const seen = await previewObserved(
    (port) => `Try a child frame on ${port}`,
    async (page, listener, control) => {
      const outcomes = await outcomesOf(page);
      test.info().annotations.push({ type: 'outcomes in the frame', description: JSON.stringify(outcomes) });
      // The control: the window's own STUN request arrives at its listener.
      await page.evaluate(async (port) => {
        const peer = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.78:${port}` }] });
        peer.createDataChannel('control');
        await peer.setLocalDescription(await peer.createOffer());
      }, control.port);
      await expect.poll(() => control.arrived.filter((arrival) => arrival.startsWith('udp')).length).toBeGreaterThan(0);
      // Chromium gives an about:blank child of the artifact another opaque origin: its window is closed
      // to the artifact's script. A srcdoc child runs its own script, which the artifact's first
      // script never ran in: its STUN and TURN requests arrive (docs/security.md says so).
      expect(outcomes['webrtc-child']).toBe('blocked: SecurityError');
      expect(outcomes['webrtc-srcdoc']).toBe('gathering');
      await expect.poll(() => listener.arrived.filter((arrival) => arrival.startsWith('udp')).length).toBeGreaterThan(0);
    },
  );
  seen.removeFolder();
});
