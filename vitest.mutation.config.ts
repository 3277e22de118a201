import { defineConfig } from 'vitest/config';
import { allMutationTests } from './scripts/mutation/mutation-targets';

// The unit tests that guard the safety and decision rules StrykerJS mutates (scripts/mutation/mutation-targets.ts,
// stryker.config.json): each mutant is run against these only, so a mutation run stays narrow on a shared machine. Not part of
// `npm test`; `npm run test:mutation` uses it. TACO_MUTATION_TESTS (comma-separated paths) narrows the
// list further for a run over one file, so its initial test run does not run every guard's tests.
const narrowed = process.env['TACO_MUTATION_TESTS']?.split(',').filter((test) => test.trim() !== '');

export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    include: narrowed ?? allMutationTests(),
    setupFiles: ['test-support/vitest-setup.ts'],
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
