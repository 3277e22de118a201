import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2 A/AA rule sets every axe scan of the app runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Frames no script may run in (a drawing's view frame, `sandbox=""`). axe tests a frame by running
 * itself inside it, which such a frame forbids (dequelabs/axe-core#3592); with Chromium
 * 156.0.8078.108 the attempt no longer fails but hangs the scan until the test's timeout. They are
 * left out of the scan; the specs check their accessible names and what they show themselves.
 */
export const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/**
 * axe-core over the page as it is now: each serious or critical violation as "rule (impact):
 * elements", so a failing expectation names what to fix. An empty list is the pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude(SCRIPTLESS_FRAMES).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The same over axe's default rules (best practices too), for the views that hold to them. */
export async function seriousDefaultViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude(SCRIPTLESS_FRAMES).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
