import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from '../scripts/chromium-location';

/**
 * End-to-end tests drive the real renderer in Debian's Chromium through the web host, with the
 * real services behind it and the fake Ollama server behind them. No browser is downloaded.
 */
export default defineConfig({
  testDir: './specs',
  // Bundles the web host the specs start (TACO_E2E_HOST=source: run it from source under tsx).
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  // Limits, not expectations: a test waits for what it expects and fails only when it never comes.
  // They leave room for a loaded 2-core machine (a CPU-heavy process beside the suite).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Always: a forgotten test.only must fail the run, not silently skip the other specs.
  forbidOnly: true,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.TACO_CHROMIUM ?? DEFAULT_CHROMIUM,
      args: [...CHROMIUM_ARGS],
    },
    trace: 'off',
  },
});
