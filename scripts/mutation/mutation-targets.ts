/**
 * The files StrykerJS mutates and the unit tests that guard each: the safety rules (≥ 90 %) and
 * the decision rules (≥ 85 %) — the report card and tuning, tool selection and fitting, the branch
 * tree, imports, the agent loop's stop rules and repairs, context planning, the llama.cpp and
 * Ollama error mapping. stryker.config.json's `mutate` lists the same files (a unit test keeps
 * them equal); vitest.mutation.config.ts runs these tests; `npm run test:mutation -- FILE` and
 * `npm run test:mutation:changed` run one file against its own tests only.
 */
export type MutationKind = 'safety' | 'decision';

export interface MutationTarget {
  kind: MutationKind;
  /** The tests that must fail when the file's rules are broken. */
  tests: readonly string[];
}

const approvals = [
  'shared/approvals/always-allow.test.ts',
  'shared/approvals/approval-decision.test.ts',
  'shared/approvals/approval-scope.test.ts',
  'shared/approvals/code-execution-paths.test.ts',
];
const files = ['tools/files/guards/workspace-path.test.ts', 'tools/files/file-tools.test.ts', 'tools/files/guards/file-races.test.ts'];
const pinning = [
  'electron/services/mcp/tools/tool-pinning.test.ts',
  'electron/services/mcp/tools/tool-pinning-rules.test.ts',
  'electron/services/mcp/tools/tool-review.test.ts',
];
const auth = (own: string): string[] => [
  own,
  'electron/services/mcp/auth/mcp-auth.integration.test.ts',
  'electron/services/mcp/auth/oauth-address.integration.test.ts',
  'electron/services/mcp/auth/oauth-consent.integration.test.ts',
];
const requestGuard = [
  'electron/hosts/api/http/request-guard.test.ts',
  'electron/hosts/api/api-security.test.ts',
  'electron/hosts/api/api-limits.test.ts',
];
const registry = [
  'electron/services/mcp/registry/runtime-rules.test.ts',
  'electron/services/mcp/registry/runtime-env-names.test.ts',
  'electron/services/mcp/registry/package-checks.test.ts',
  'electron/services/mcp/registry/install-rules.test.ts',
  'electron/services/mcp/registry/install-plan.test.ts',
];
const sandbox = [
  'electron/sandbox/platform/bwrap-args.test.ts',
  'electron/sandbox/sandbox-policy-hidden.test.ts',
  'electron/sandbox/platform/seatbelt-profile.test.ts',
  'electron/sandbox/sandbox-words.test.ts',
  'electron/sandbox/sandbox-support.test.ts',
  'electron/sandbox/sandboxed-invocation.test.ts',
];
const framePolicies = ['electron/hosts/artifact-frame-policy.test.ts'];
const probe = ['shared/probe/probe-report.test.ts', 'shared/probe/report-card.test.ts', 'electron/services/probe/tuning-choice.test.ts'];
const imports = [
  'electron/services/store/conversations/foreign-import/read-import-file.test.ts',
  'electron/services/store/conversations/foreign-import/imported-turns.test.ts',
  'electron/services/store/conversations/foreign-import/claude-export.test.ts',
  'electron/services/store/conversations/foreign-import/chatgpt-export.test.ts',
];
const toolSelection = [
  'electron/services/agent/tool-selection/tool-selection.test.ts',
  'electron/services/agent/tool-selection/tool-selection-rules.test.ts',
];
const stepDecision = ['electron/services/agent/loop/step-decision.test.ts'];
const errorMapping = [
  'electron/services/provider/provider-error-mapping.test.ts',
  'electron/services/provider/context-overflow.replay.test.ts',
  'electron/services/provider/openai-compatible/llama-cpp/llama-cpp-replies.replay.test.ts',
  'electron/services/provider/ollama/ollama-provider-errors.test.ts',
];

export const MUTATION_TARGETS: Readonly<Record<string, MutationTarget>> = {
  // Safety: who may do what, where files may be touched, MCP pins and sign-in, the local API, the sandbox,
  // what a previewed artifact or an MCP app's frame may reach.
  'shared/approvals/always-allow.ts': { kind: 'safety', tests: approvals },
  'shared/approvals/approval-decision.ts': { kind: 'safety', tests: approvals },
  'shared/approvals/approval-scope.ts': { kind: 'safety', tests: approvals },
  'shared/approvals/code-execution-paths.ts': { kind: 'safety', tests: approvals },
  'shared/approvals/sandbox-notice.ts': { kind: 'safety', tests: approvals },
  'tools/files/guards/workspace-path.ts': { kind: 'safety', tests: files },
  'tools/files/guards/data-folder-guard.ts': {
    kind: 'safety',
    tests: ['tools/files/guards/data-folder-guard.test.ts', 'tools/files/guards/data-folder-registry.test.ts', ...files],
  },
  'tools/files/guards/open-verified.ts': {
    kind: 'safety',
    tests: ['tools/files/guards/open-verified.test.ts', 'tools/files/guards/open-verified-seams.test.ts', ...files],
  },
  'electron/services/mcp/tools/tool-pinning.ts': { kind: 'safety', tests: pinning },
  'electron/services/mcp/tools/tool-pins-file.ts': { kind: 'safety', tests: pinning },
  'electron/services/mcp/auth/token-store.ts': { kind: 'safety', tests: auth('electron/services/mcp/auth/token-store.test.ts') },
  'electron/services/mcp/auth/oauth-fetch.ts': { kind: 'safety', tests: auth('electron/services/mcp/auth/oauth-fetch.test.ts') },
  'electron/services/mcp/auth/stored-refresh.ts': { kind: 'safety', tests: auth('electron/services/mcp/auth/stored-refresh.test.ts') },
  'electron/services/mcp/auth/mcp-auth.ts': { kind: 'safety', tests: auth('electron/services/mcp/auth/mcp-auth.test.ts') },
  'electron/services/mcp/auth/taco-oauth-provider.ts': {
    kind: 'safety',
    tests: auth('electron/services/mcp/auth/taco-oauth-provider.test.ts'),
  },
  'electron/services/mcp/auth/loopback-authorizer.ts': {
    kind: 'safety',
    tests: auth('electron/services/mcp/auth/loopback-authorizer.test.ts'),
  },
  'electron/services/mcp/transport/server-transport.ts': {
    kind: 'safety',
    tests: [
      'electron/services/mcp/transport/server-transport.test.ts',
      'electron/services/mcp/transport/server-transport-rules.test.ts',
      'electron/services/mcp/transport/server-stdio.test.ts',
      'electron/services/mcp/transport/server-sandboxed.integration.test.ts',
      'electron/services/mcp/mcp-http.integration.test.ts',
    ],
  },
  'electron/hosts/api/http/request-guard.ts': { kind: 'safety', tests: requestGuard },
  'electron/sandbox/sandbox-policy.ts': { kind: 'safety', tests: sandbox },
  'electron/sandbox/platform/bwrap-args.ts': { kind: 'safety', tests: sandbox },
  'electron/sandbox/platform/seatbelt-profile.ts': { kind: 'safety', tests: sandbox },
  'electron/sandbox/sandboxed-invocation.ts': { kind: 'safety', tests: sandbox },
  'electron/sandbox/sandbox-words.ts': { kind: 'safety', tests: sandbox },
  'electron/services/mcp/registry/runtime-rules.ts': { kind: 'safety', tests: registry },
  'electron/services/mcp/registry/package-checks.ts': { kind: 'safety', tests: registry },
  'electron/services/mcp/registry/install-plan.ts': { kind: 'safety', tests: registry },
  'electron/hosts/artifact-frame-policy.ts': { kind: 'safety', tests: framePolicies },
  'electron/hosts/mcp-app-frame-policy.ts': { kind: 'safety', tests: framePolicies },
  'electron/services/mcp/apps/app-policy.ts': {
    kind: 'safety',
    tests: ['electron/services/mcp/apps/app-policy.test.ts', 'electron/services/mcp/apps/app-policy-rules.test.ts'],
  },
  'shared/tools/tool-visibility.ts': {
    kind: 'safety',
    tests: [
      'shared/tools/tool-visibility.test.ts',
      'electron/services/mcp/apps/app-tool-call.test.ts',
      'electron/services/agent/loop/behaviour/run-agent-app-only-tools.test.ts',
    ],
  },

  // Decisions: what the app chooses for the user.
  'shared/probe/probe-report.ts': { kind: 'decision', tests: probe },
  'shared/probe/report-card.ts': { kind: 'decision', tests: probe },
  'electron/services/probe/tuning-choice.ts': { kind: 'decision', tests: probe },
  'electron/services/probe/tuning-candidates.ts': { kind: 'decision', tests: ['electron/services/probe/tuning-candidates.test.ts'] },
  'electron/services/agent/tool-selection/select-tools.ts': { kind: 'decision', tests: toolSelection },
  'electron/services/agent/tool-selection/tool-ranking.ts': { kind: 'decision', tests: toolSelection },
  'electron/services/agent/tool-selection/used-tools.ts': { kind: 'decision', tests: toolSelection },
  'electron/services/agent/tool-selection/ranking/named-operations.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/tool-selection/ranking/named-operations.test.ts'],
  },
  'electron/services/agent/tool-selection/tool-order.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/tool-selection/tool-order.test.ts'],
  },
  'electron/services/agent/context/fit-tools.ts': {
    kind: 'decision',
    tests: [
      'electron/services/agent/context/fit-tools.test.ts',
      'electron/services/provider/openai-compatible/replays/tools-fit-window.replay.test.ts',
      'electron/services/agent/loop/behaviour/run-agent-context.test.ts',
    ],
  },
  'electron/services/store/timeline/branch-tree.ts': { kind: 'decision', tests: ['electron/services/store/timeline/branch-tree.test.ts'] },
  'electron/services/store/conversations/foreign-import/read-import-file.ts': { kind: 'decision', tests: imports },
  'electron/services/store/conversations/foreign-import/imported-turns.ts': { kind: 'decision', tests: imports },
  'electron/services/store/conversations/foreign-import/chatgpt-export.ts': { kind: 'decision', tests: imports },
  'electron/services/store/conversations/foreign-import/claude-export.ts': { kind: 'decision', tests: imports },
  'electron/services/agent/loop/step-decision.ts': { kind: 'decision', tests: stepDecision },
  'electron/services/agent/loop/stop-conditions.ts': {
    kind: 'decision',
    tests: [...stepDecision, 'electron/services/agent/loop/behaviour/run-agent-stops.test.ts'],
  },
  'electron/services/agent/repairs/give-up-detector.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/repairs/give-up-detector.test.ts'],
  },
  'electron/services/agent/repairs/json-tool-call-parser.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/repairs/json-tool-call-parser.test.ts', 'electron/services/agent/repairs/text-call-filter.test.ts'],
  },
  'electron/services/agent/repairs/canonical-args.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/repairs/canonical-args.test.ts'],
  },
  'electron/services/agent/repairs/server-repair.ts': {
    kind: 'decision',
    tests: [
      'electron/services/agent/repairs/server-repair.test.ts',
      'electron/services/agent/repairs/server-repair.integration.test.ts',
      'electron/services/agent/loop/behaviour/run-agent-repairs.test.ts',
    ],
  },
  'electron/services/agent/context/context-window.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/context/context-window.test.ts', 'electron/services/agent/context/context-window-rules.test.ts'],
  },
  'electron/services/agent/context/output-budget.ts': {
    kind: 'decision',
    tests: ['electron/services/agent/context/output-budget.test.ts', 'electron/services/agent/context/output-budget-rules.test.ts'],
  },
  'electron/services/provider/memory/context-fit.ts': {
    kind: 'decision',
    tests: ['electron/services/provider/memory/context-fit.test.ts', 'electron/services/provider/memory/context-fit-rules.test.ts'],
  },
  'electron/services/provider/provider-error-mapping.ts': {
    kind: 'decision',
    tests: ['electron/services/provider/provider-error-mapping-rules.test.ts', ...errorMapping],
  },
  'electron/services/provider/openai-compatible/openai-errors.ts': {
    kind: 'decision',
    tests: [
      'electron/services/provider/openai-compatible/openai-errors-rules.test.ts',
      ...errorMapping,
      'electron/services/provider/openai-compatible/openai-provider.test.ts',
    ],
  },
  'electron/services/provider/openai-compatible/llama-cpp/shared-memory-retry.ts': {
    kind: 'decision',
    tests: [
      'electron/services/provider/openai-compatible/llama-cpp/shared-memory-retry-rules.test.ts',
      'electron/services/provider/openai-compatible/llama-cpp/shared-memory.replay.test.ts',
    ],
  },
};

/** Every test some target names, once each, in the order first named. */
export function allMutationTests(): string[] {
  return [...new Set(Object.values(MUTATION_TARGETS).flatMap((target) => target.tests))];
}

/**
 * What a change calls for: each target whose own file changed, and each target one of whose
 * tests changed (a weakened test lets mutants live as surely as a changed rule does).
 */
export function targetsForChange(changed: readonly string[]): string[] {
  const touched = new Set(changed.map((file) => file.trim().replace(/^\.\//, '')));
  return Object.entries(MUTATION_TARGETS)
    .filter(([file, target]) => touched.has(file) || target.tests.some((test) => touched.has(test)))
    .map(([file]) => file);
}
