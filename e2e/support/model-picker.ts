import { expect, type Page } from '@playwright/test';

/** Picks a model (by its reference, `<serverId>::<model>` on an added server) in the header's model picker. */
export async function pickModel(page: Page, ref: string): Promise<void> {
  const trigger = page.getByTestId('model-picker');
  await expect(trigger).toBeEnabled();
  if ((await trigger.getAttribute('data-value')) === ref) return;
  await trigger.click();
  await page.getByTestId('model-picker-popover').locator(`[data-model="${ref}"]`).click();
  await expect(trigger).toHaveAttribute('data-value', ref);
}
