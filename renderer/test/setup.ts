import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor give up after one second by default: a bet a loaded machine loses. The same
// limit as test-support/eventually-timeout.ts (the renderer imports nothing outside renderer/).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});
