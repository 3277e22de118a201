/** How long a test waits for something that must eventually happen (a limit, not an expectation). */
export const EVENTUALLY_TIMEOUT_MS = 30_000;
