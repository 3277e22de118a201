import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
