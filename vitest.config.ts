import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// testTimeout and hookTimeout are limits, not expectations: tests wait for events, and the limits
// leave room for a loaded 2-core machine (process-spawning tests start tsx, which is slow there).
export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
