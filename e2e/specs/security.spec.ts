import { expect, test } from '../support/taco-fixture';

test.describe('security (web host)', () => {
  test('the token becomes an HttpOnly cookie, the address loses it, and the page loads without a CSP warning', async ({ taco, page }) => {
    const csp: string[] = [];
    page.on('console', (message) => {
      if (/content.security.policy/i.test(message.text())) csp.push(`${message.type()}: ${message.text()}`);
    });
    const documents: Array<Record<string, string>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') documents.push(response.headers());
    });

    const ollama = await taco.startFakeOllama('basic-chat');
    const app = await taco.openApp({ ollamaUrl: ollama.url });
    // Connected over the WebSocket with the cookie and the page secret: the models came through it.
    await expect(page.getByTestId('model-picker')).toBeEnabled();

    expect(app.url).toContain('?token=');
    expect(page.url()).toBe(`${new URL(app.url).origin}/`);
    const cookies = await page.context().cookies();
    const port = new URL(app.url).port;
    expect(cookies).toEqual([expect.objectContaining({ name: `taco_session_${port}`, httpOnly: true, sameSite: 'Strict', path: '/' })]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('taco_session');

    expect(documents.at(-1)?.['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(csp).toEqual([]);
  });
});
