import { deflateSync } from 'node:zlib';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** A small PNG (a warm gradient) made here, so the test needs no fixture file. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      rows.set([240, 120 + Math.round((x / width) * 100), 40 + Math.round((y / height) * 60)], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('models', () => {
  test('pull a model with a real progress bar, use it; cancel another; delete and unload', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('model-admin');
    await taco.openApp({ ollamaUrl: ollama.url });
    const picker = page.getByTestId('model-picker');
    await expect(picker).toBeEnabled();
    await picker.click();
    const list = page.getByTestId('model-picker-popover');
    await expect(list.locator('[data-model]')).toHaveCount(2);
    await expect(list.locator('[data-model="llama3.2:3b"]')).toContainText('2.0 GB · 3.2B · Q4_K_M');
    await expect(list.locator('[data-model="llama3.2:3b"] [data-capability]')).toHaveText(['tools']);
    await expect(list.locator('[data-model="gemma:2b"]')).toContainText('1.7 GB · 3B · Q4_0');
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);

    await page.getByTestId('models-button').click();
    const dialog = page.getByRole('dialog', { name: 'Models' });
    await expect(dialog.getByTestId('pull-input')).toBeFocused();
    await dialog.getByTestId('pull-input').fill('qwen3:4b');
    await dialog.getByTestId('pull-input').press('Enter');

    const pull = dialog.locator('[data-testid="pull-row"][data-model="qwen3:4b"]');
    await expect(pull.getByTestId('pull-numbers')).toContainText(/ of 2\.5 GB · [1-9]\d?%/);
    await expect(pull.getByTestId('pull-status')).toContainText('pulling');
    const value = await pull.getByTestId('pull-bar').evaluate((bar) => (bar as HTMLProgressElement).value);
    expect(value).toBeGreaterThan(0);
    await expect(page.getByTestId('models-button')).toContainText('1');
    await taco.screenshot('models-pull-progress');

    await expect(pull).toHaveAttribute('data-phase', 'done', { timeout: 15_000 });
    await expect(dialog.locator('[data-testid="model-row"][data-model="qwen3:4b"]')).toBeVisible();
    await pull.getByTestId('pull-use').click();
    await expect(picker).toHaveAttribute('data-value', 'qwen3:4b');
    await expect(page.getByRole('main').getByTestId('model-badges').first()).toContainText('thinking');

    // Another pull, cancelled part way.
    await dialog.getByTestId('pull-input').fill('mistral:7b');
    await dialog.getByTestId('pull-submit').click();
    const cancelled = dialog.locator('[data-testid="pull-row"][data-model="mistral:7b"]');
    await expect(cancelled.getByTestId('pull-numbers')).toContainText('%');
    await cancelled.getByTestId('pull-cancel').click();
    await expect(cancelled).toHaveAttribute('data-phase', 'cancelled');
    await expect(cancelled).toContainText('Cancelled');
    await expect(dialog.locator('[data-testid="model-row"][data-model="mistral:7b"]')).toHaveCount(0);

    // Unload, then delete after confirming.
    const llama = dialog.locator('[data-testid="model-row"][data-model="llama3.2:3b"]');
    await llama.getByTestId('model-unload').click();
    await expect(llama.getByTestId('model-row-message')).toContainText('Unloaded');
    const gemma = dialog.locator('[data-testid="model-row"][data-model="gemma:2b"]');
    await gemma.getByTestId('model-delete').click();
    await expect(gemma.getByTestId('model-delete-confirm')).toBeFocused();
    await taco.screenshot('models-manager');
    await gemma.getByTestId('model-delete-confirm').click();
    await expect(gemma).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await picker.click();
    await expect(page.getByTestId('model-picker-popover').locator('[data-model]')).toHaveCount(2);
    await page.keyboard.press('Escape');

    // Switching the model is remembered for the next visit.
    await pickModel(page, 'llama3.2:3b');
    await page.reload();
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-value', 'llama3.2:3b');
  });

  test('a pull of an unknown name says so in plain words', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('models-button').click();
    const dialog = page.getByRole('dialog', { name: 'Models' });
    await dialog.getByTestId('pull-input').fill('bad name with spaces');
    await dialog.getByTestId('pull-submit').click();
    await expect(dialog.getByTestId('pull-form-error')).toContainText('model name such as llama3.2');
  });

  test('a vision model takes a picture: attached, previewed, sent as Ollama expects, shown on the message', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('vision-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    const picker = page.getByTestId('model-picker');
    await expect(picker).toBeEnabled();
    // A model that cannot see offers no attach button.
    await pickModel(page, 'llama3.2:3b');
    await expect(page.getByTestId('attach-button')).toHaveCount(0);
    await pickModel(page, 'gemma3:4b');
    await expect(page.getByRole('main').getByTestId('model-badges').first()).toContainText('vision');

    await page.getByTestId('attach-input').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: gradientPng(96, 64) });
    await expect(page.getByTestId('attachment')).toHaveCount(1);
    await page.getByTestId('composer').fill('What colours are in this picture?');
    await taco.screenshot('images-attached');
    await page.getByTestId('composer').press('Enter');

    await expect(page.getByTestId('answer-text').last()).toHaveText('I see 1 image. You asked: What colours are in this picture?');
    await expect(page.getByTestId('attachment')).toHaveCount(0);
    const sent = page.locator('[data-testid="message"][data-role="user"]').getByTestId('message-images').locator('img');
    await expect(sent).toHaveCount(1);
    expect(await sent.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await taco.screenshot('images-sent');
  });
});
