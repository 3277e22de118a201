import { describe, expect, it, vi } from 'vitest';
import { EVENTUALLY_TIMEOUT_MS } from './eventually-timeout';

describe('test setup', () => {
  it('vi.waitFor keeps waiting past its one-second default', async () => {
    const started = Date.now();
    let checks = 0;
    await vi.waitFor(() => {
      checks += 1;
      if (Date.now() - started < 1500) throw new Error('not yet');
    });
    expect(checks).toBeGreaterThan(1);
  });

  it('a call that sets its own timeout keeps it', async () => {
    await expect(vi.waitFor(() => expect(true).toBe(false), { timeout: 50, interval: 10 })).rejects.toThrow('expected true to be false');
    expect(EVENTUALLY_TIMEOUT_MS).toBeGreaterThan(1000);
  });
});
