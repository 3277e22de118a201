import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// testTimeout and hookTimeout are limits, not expectations: tests wait for events, and the limits
// leave room for a loaded 2-core machine (process-spawning tests start tsx, which is slow there).
// allowOnly is false everywhere, not only under CI: a forgotten `.only` must fail the run, never
// silently skip every other test.
export default defineConfig({
  test: {
    allowOnly: false,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'tools/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test-support/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          setupFiles: ['test-support/vitest-setup.ts'],
          allowOnly: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test-support/vitest-setup.ts', 'renderer/test/setup.ts'],
          allowOnly: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
