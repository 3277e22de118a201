/**
 * Node test project setup. `vi.waitFor` gives up after one second unless told otherwise: a bet on
 * wall-clock time that a loaded 2-core machine loses. Here it waits as long as the test may run
 * (the test's own limit still applies); a call that passes its own timeout keeps it.
 */
import { vi } from 'vitest';
import { EVENTUALLY_TIMEOUT_MS } from './eventually-timeout';

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback: Parameters<typeof vi.waitFor>[0], options?: Parameters<typeof vi.waitFor>[1]) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: EVENTUALLY_TIMEOUT_MS, interval: 20, ...options },
  )) as typeof vi.waitFor;
