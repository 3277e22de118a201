/** Where the end-to-end tests find Chromium (TACO_CHROMIUM overrides), and what to do when it is not there. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Chromium's switches for the end-to-end tests and the browser bench: headless, no GPU, nothing phoning home. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * No browser is downloaded behind the user's back: the message names the exact commands that get
 * one, and how to point the tests at a browser that is somewhere else.
 */
export function missingChromiumMessage(path: string): string {
  return [
    `Chromium was not found at ${path}, so the end-to-end tests cannot run (counted as one failure).`,
    'Install it with one of:',
    '  sudo apt-get install chromium',
    '  npx playwright install chromium   (then set TACO_CHROMIUM to the path it prints, or to its chrome binary)',
    'or point the tests at a Chromium you have: TACO_CHROMIUM=/path/to/chromium npm test',
  ].join('\n');
}
