import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { readFileSync, existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { CLOCK_V1 } from '../../test-support/fake-ollama/scenarios/chat/artifacts';
import { expect, test } from '../support/taco-fixture';

/** Sends one message and waits for its answer to finish. */
async function ask(page: Page, text: string): Promise<void> {
  const answers = await page.getByTestId('answer-text').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text')).toHaveCount(answers + 1);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
}

/** The last answer's code block's Preview. */
async function preview(page: Page): Promise<void> {
  await page.getByTestId('answer-text').last().getByTestId('code-preview').click();
  await expect(page.getByTestId('artifact-pane')).toBeVisible();
}

/**
 * Requests from frames other than the window's own (loading the artifact frame's page aside), with
 * how each ended. Chromium reports a request its CSP refused too (as failed, with the reason `csp`),
 * so each is kept with its failure; `reached` lists those that got to the network at all (routed here).
 */
async function recordFrameRequests(page: Page): Promise<{ requests: Request[]; reached: string[] }> {
  const requests: Request[] = [];
  const reached: string[] = [];
  page.on('request', (request: Request) => {
    let fromWindow = false;
    try {
      fromWindow = request.frame() === page.mainFrame();
    } catch {
      fromWindow = false;
    }
    if (!fromWindow && !request.url().endsWith('/artifact-frame.html')) requests.push(request);
  });
  // Every address the hostile artifact aims at; a request that is routed here left the frame.
  await page.context().route(/^http:\/\/127\.0\.0\.1:9\//, (route) => {
    reached.push(route.request().url());
    return route.abort();
  });
  return { requests, reached };
}

/** The window still answers: a script runs and the composer takes typing. */
async function expectResponsive(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.title)).toBe('TACO');
  await page.getByTestId('composer').fill('still here');
  await expect(page.getByTestId('composer')).toHaveValue('still here');
  await page.getByTestId('composer').fill('');
}

/** A TCP and a UDP listener on one loopback port, recording whatever arrives at either. */
async function listenOnLoopback(): Promise<{ port: number; arrived: string[]; close: () => Promise<void> }> {
  const arrived: string[] = [];
  const tcp: Server = createServer((socket) => {
    arrived.push('tcp connection');
    socket.destroy();
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as AddressInfo).port;
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', (message) => arrived.push(`udp datagram (${message.length} bytes)`));
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return {
    port,
    arrived,
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

test.describe('artifacts', () => {
  test('Preview opens the page beside the conversation in the sandboxed frame; a revision is v2 with its changes; Copy and Download', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await ask(page, 'Make me a clock page');
    await preview(page);

    const pane = page.getByTestId('artifact-pane');
    await expect(pane.getByRole('heading', { name: 'Clock' })).toBeVisible();
    const frame = pane.getByTestId('artifact-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(frame).toHaveAttribute('data-state', 'running');
    await expect(page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe').locator('#face')).toHaveText('12:00');

    await ask(page, 'Now make it red');
    // The pane follows the revision: v2 shown, its script ran (in the frame only).
    await expect(pane.getByTestId('artifact-version-2')).toHaveAttribute('aria-current', 'true');
    const face = page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe').locator('#face');
    await expect(face).toHaveAttribute('data-ran', 'yes');
    await pane.getByTestId('artifact-tab-changes').click();
    const changes = pane.getByTestId('artifact-changes');
    await expect(changes).toContainText('A red clock.');
    await expect(changes.locator('[data-testid=diff-line][data-kind=del]').first()).toBeVisible();
    await pane.getByRole('button', { name: 'Previous version' }).click();
    await expect(pane.getByTestId('artifact-version-1')).toHaveAttribute('aria-current', 'true');
    await expect(pane.getByText('This is the first version')).toBeVisible();

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await pane.getByTestId('artifact-copy').click();
    await expect(pane.getByTestId('artifact-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('A plain clock.');
    const download = page.waitForEvent('download');
    await pane.getByTestId('artifact-download').click();
    expect((await download).suggestedFilename()).toBe('clock-v1.html');

    await pane.getByTestId('artifact-tab-preview').click();
    await pane.getByTestId('artifact-version-2').click();
    await expect(pane.getByTestId('artifact-frame')).toHaveAttribute('data-state', 'running');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [800, 1280, 1920]) {
        await page.setViewportSize({ width, height: 860 });
        await expect(pane).toBeVisible();
        await taco.screenshot(`artifact-pane-${width}-${theme}`);
      }
      const results = await new AxeBuilder({ page })
        .include('[data-testid=artifact-pane]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(
        serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        theme,
      ).toEqual([]);
    }
    await pane.getByRole('button', { name: 'Close the preview' }).click();
    await expect(pane).toHaveCount(0);
  });

  test('Save to workspace is an approved write_file: the card shows the diff, nothing is written before Allow', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-artifact-');
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await ask(page, 'Make me a clock page');
    await preview(page);

    await page.getByTestId('artifact-save').click();
    const dialog = page.getByTestId('artifact-save-dialog');
    await expect(dialog.getByLabel('File in the workspace')).toHaveValue('clock-v1.html');
    await dialog.getByLabel('File in the workspace').fill('site/clock.html');
    await dialog.getByTestId('artifact-save-submit').click();
    await expect(dialog).toHaveCount(0);

    const card = page.getByTestId('approval-card');
    await expect(card.getByTestId('diff-preview')).toContainText('+<title>Clock</title>');
    expect(existsSync(join(workspace, 'site', 'clock.html'))).toBe(false);
    await card.getByTestId('approval-allow-once').click();
    await expect.poll(() => existsSync(join(workspace, 'site', 'clock.html'))).toBe(true);
    expect(readFileSync(join(workspace, 'site', 'clock.html'), 'utf8')).toBe(CLOCK_V1);
  });

  test('a hostile artifact does nothing outside its frame: no network, no parent, no top navigation, no cookies or storage, no popup, no form post, no download', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    const frameRequests = await recordFrameRequests(page);
    const popups: string[] = [];
    page.context().on('page', (opened) => popups.push(opened.url()));
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.url()));
    const appUrl = page.url();
    const cookiesBefore = await page.context().cookies();

    await ask(page, 'Write something hostile');
    await preview(page);
    const inner = page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe');
    await expect(inner.locator('body')).toHaveAttribute('data-done', 'yes');
    const lines = (await inner.locator('#results').textContent()) ?? '';
    const outcomes = Object.fromEntries(
      lines.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );

    // Each attempt failed inside the frame, in the frame's own words.
    for (const name of ['fetch', 'fetch-app', 'xhr', 'websocket', 'image', 'font', 'indexedDB', 'window-open'])
      expect(outcomes[name], name).toMatch(/^blocked: /);
    for (const name of ['parent-document', 'top-document', 'parent-taco', 'parent-write', 'cookie', 'localStorage', 'sessionStorage'])
      expect(outcomes[name], name).toBe('blocked: SecurityError');
    // …and nothing happened outside it.
    expect(frameRequests.reached).toEqual([]);
    for (const request of frameRequests.requests) expect(request.failure()?.errorText, request.url()).toBe('csp');
    expect(popups).toEqual([]);
    expect(downloads).toEqual([]);
    expect(page.url()).toBe(appUrl);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('taco'))).toBeNull();
    expect(await page.context().cookies()).toEqual(cookiesBefore);

    // A 50 MB SVG drawn inside the frame is the frame's cost, not the window's: while the frame's
    // thread builds it, the window answers; the frame either finishes or is stopped for running too long.
    // (Pressed from a timer inside the frame: a click from here would wait for the busy frame to answer.)
    await inner.locator('#draw').evaluate((button: HTMLElement) => {
      setTimeout(() => button.click(), 0);
    });
    await expectResponsive(page);
    await expect(page.getByTestId('artifact-frame').or(page.getByTestId('artifact-stopped'))).toBeVisible();
    await expectResponsive(page);
    await expect(page.getByTestId('artifact-pane')).toBeVisible();
  });

  test('an artifact that navigates its own frame away goes nowhere: the frame policy refuses it before any request', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    const frameRequests = await recordFrameRequests(page);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith("Framing 'http://127.0.0.1:9/' violates")) refusals.push(message.text());
    });
    const appUrl = page.url();

    await ask(page, 'Take me away');
    await preview(page);
    // The artifact frame's policy (default-src 'none', so no frame-src) refuses its own frame's
    // navigation: Chromium says so, and nothing was sent.
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(frameRequests.reached).toEqual([]);
    expect(page.url()).toBe(appUrl);
    await expect(page.getByTestId('artifact-pane')).toBeVisible();
  });

  test('an artifact that never yields is stopped after the budget; the window answers all along', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('artifacts');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await ask(page, 'Write an endless loop');
    await preview(page);
    const pane = page.getByTestId('artifact-pane');
    // Its thread is stuck in the loop; the window's is not.
    await expect(pane.getByTestId('artifact-frame')).toHaveAttribute('data-state', 'running');
    await expectResponsive(page);
    const stopped = pane.getByTestId('artifact-stopped');
    await expect(stopped).toContainText('Preview stopped: it ran too long');
    await expect(pane.getByTestId('artifact-frame')).toHaveCount(0);
    await expectResponsive(page);
    // Run again starts a new frame (which is stopped the same way).
    await stopped.getByRole('button', { name: 'Run again' }).click();
    await expect(pane.getByTestId('artifact-frame')).toHaveCount(1);
    await expect(pane.getByTestId('artifact-stopped')).toBeVisible();
  });

  test('an artifact that tries WebRTC (STUN and TURN, UDP and TCP) finds none in its window and reaches nothing on loopback', async ({
    taco,
    page,
  }) => {
    const listener = await listenOnLoopback();
    const control = await listenOnLoopback();
    try {
      const ollama = await taco.startFakeOllama('artifacts');
      await taco.openApp({ ollamaUrl: ollama.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();
      await ask(page, `Call home on ${listener.port}`);
      await preview(page);
      const inner = page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe');
      await expect(inner.locator('body')).toHaveAttribute('data-done', 'yes');
      const lines = (await inner.locator('#results').textContent()) ?? '';
      const outcomes = Object.fromEntries(
        lines.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      expect(outcomes.webrtc, lines).toMatch(/^blocked: /);
      // A control: the window itself (no prelude there) gathers against another listener, and its
      // STUN request arrives, so this browser does send WebRTC to loopback; the artifact's, made
      // before, sent nothing.
      await page.evaluate(async (port) => {
        const peer = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
        peer.createDataChannel('control');
        await peer.setLocalDescription(await peer.createOffer());
      }, control.port);
      await expect.poll(() => control.arrived.length).toBeGreaterThan(0);
      expect(listener.arrived).toEqual([]);
    } finally {
      await listener.close();
      await control.close();
    }
  });
});
