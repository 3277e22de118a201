import { seriousViolations } from '../support/axe';
import type { Page, WebSocketRoute } from '@playwright/test';
import type { WsClientMessage, WsServerMessage } from '../../shared/contract/transport';
import { expect, test } from '../support/taco-fixture';

/**
 * The sidebar's two passing states, which a long history or a failed read shows before the list:
 * "Loading conversations…" while main has not answered `conversations.list`, and a failed read
 * with "Try again". The page's WebSocket is routed through the test, which holds back or fails
 * that one call and passes every other frame through unchanged; each state is looked at (800,
 * 1280 and 1920 px, light and dark) and scanned with axe.
 */
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1920, 1280, 800] as const;

/** At this width the conversations live in a drawer opened from the rail (see layout.spec.ts). */
async function showConversations(page: Page, width: number, state: ReturnType<Page['getByTestId']>): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  if (width <= 800) {
    const rail = page.getByTestId('rail-conversations');
    await expect(rail).toBeVisible();
    if ((await rail.getAttribute('aria-expanded')) !== 'true') await rail.click();
    await expect(rail).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(state).toBeVisible();
}

/** The page's socket, with each `conversations.list` call handed to the test instead of the host. */
interface ListGate {
  /** The held calls' ids, oldest first. */
  readonly held: number[];
  /** Answer a held call with an error envelope, as main does when the read fails. */
  fail(id: number): void;
  /** From now on, let `conversations.list` through to the host. */
  open(): void;
}

async function gateConversationList(page: Page): Promise<ListGate> {
  const held: number[] = [];
  let passing = false;
  let route: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws\b/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const message = typeof frame === 'string' ? (JSON.parse(frame) as WsClientMessage) : null;
      if (!passing && message?.kind === 'call' && message.name === 'conversations.list') held.push(message.id);
      else server.send(frame);
    });
  });
  return {
    held,
    fail(id) {
      const answer: WsServerMessage = {
        kind: 'result',
        id,
        envelope: { ok: false, error: { code: 'internal', message: 'The conversation index could not be read.' } },
      };
      route?.send(JSON.stringify(answer));
    },
    open() {
      passing = true;
    },
  };
}

for (const theme of THEMES) {
  test(`sidebar: loading, then a failed read, then Try again (${theme})`, async ({ taco, page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const gate = await gateConversationList(page);
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();

    const loading = page.getByTestId('conversations-loading');
    await expect(loading).toBeVisible();
    await expect(loading).toHaveText('Loading conversations…');
    await expect(page.getByText('No conversations yet', { exact: false })).toHaveCount(0);
    expect(gate.held.length).toBeGreaterThan(0);
    for (const width of WIDTHS) {
      await showConversations(page, width, loading);
      expect(await seriousViolations(page), `loading at ${width}`).toEqual([]);
      await taco.screenshot(`sidebar-loading-${width}-${theme}`);
    }

    for (const id of gate.held.splice(0)) gate.fail(id);
    const failed = page.getByTestId('conversations-failed');
    for (const width of WIDTHS) {
      await showConversations(page, width, failed);
      await expect(failed).toContainText('Your conversations could not be read.');
      expect(await seriousViolations(page), `failed read at ${width}`).toEqual([]);
      await taco.screenshot(`sidebar-failed-${width}-${theme}`);
    }

    gate.open();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No conversations yet. Your chats appear here.')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
}
