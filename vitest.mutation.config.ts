import { defineConfig } from 'vitest/config';

// The unit tests that guard the safety rules StrykerJS mutates (stryker.config.json): each mutant
// is run against these only, so a mutation run stays narrow on a shared machine. Not part of
// `npm test`; `npm run test:mutation` uses it. TACO_MUTATION_TESTS (comma-separated paths) narrows the
// list further for a run over one file, so its initial test run does not run every guard's tests.
const narrowed = process.env['TACO_MUTATION_TESTS']?.split(',').filter((test) => test.trim() !== '');

export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    include: narrowed ?? [
      'shared/approvals/**/*.test.ts',
      'tools/files/workspace-path.test.ts',
      'tools/files/data-folder-guard.test.ts',
      'tools/files/data-folder-registry.test.ts',
      'tools/files/file-tools.test.ts',
      'tools/files/file-races.test.ts',
      'tools/files/open-verified.test.ts',
      'tools/files/open-verified-seams.test.ts',
      'electron/services/mcp/tool-pinning.test.ts',
      'electron/services/mcp/tool-pinning-rules.test.ts',
      'electron/services/mcp/tool-review.test.ts',
      'electron/services/mcp/auth/token-store.test.ts',
      'electron/services/mcp/auth/stored-refresh.test.ts',
      'electron/services/mcp/auth/oauth-fetch.test.ts',
      'electron/services/mcp/auth/mcp-auth.test.ts',
      'electron/services/mcp/auth/taco-oauth-provider.test.ts',
      'electron/services/mcp/auth/loopback-authorizer.test.ts',
      'electron/services/mcp/auth/mcp-auth.integration.test.ts',
      'electron/services/mcp/auth/oauth-address.integration.test.ts',
      'electron/services/mcp/auth/oauth-consent.integration.test.ts',
      'electron/hosts/api/request-guard.test.ts',
      'electron/hosts/api/api-security.test.ts',
      'electron/hosts/api/api-limits.test.ts',
      'electron/sandbox/bwrap-args.test.ts',
      'electron/sandbox/seatbelt-profile.test.ts',
      'electron/sandbox/sandbox-words.test.ts',
      'electron/services/mcp/registry/runtime-rules.test.ts',
      'electron/services/mcp/registry/package-checks.test.ts',
      'electron/services/mcp/registry/install-rules.test.ts',
      'electron/services/mcp/registry/install-plan.test.ts',
    ],
    setupFiles: ['test-support/vitest-setup.ts'],
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
