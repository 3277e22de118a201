/**
 * The dependency rules of the tree (ARCHITECTURE.md, "Folders"). Each rule is a predicate over
 * one import edge; a violation names the file, the import and the rule it breaks.
 */
import type { ImportEdge } from './import-graph';

export interface RuleViolation {
  file: string;
  specifier: string;
  rule: string;
}

const under = (file: string, ...folders: string[]): boolean => folders.some((folder) => file === folder || file.startsWith(`${folder}/`));
const isTestFile = (file: string): boolean => /\.(test|spec)\.tsx?$/.test(file) || /\.e2e\.test\.ts$/.test(file);
const isTestSupport = (file: string): boolean =>
  under(file, 'test-support', 'e2e', 'bench', 'scripts') || /(^|\/)(testing|integration)\//.test(file) || isTestFile(file);
/** Files that only tests use although they sit beside production code. */
const isFixture = (file: string): boolean => /(-fixture|-test-helpers|test-context)\.ts$/.test(file);

interface Rule {
  name: string;
  breaks(edge: ImportEdge): boolean;
}

export const DEPENDENCY_RULES: readonly Rule[] = [
  {
    name: 'shared/ imports nothing of ours',
    breaks: (e) => under(e.from, 'shared') && e.target !== null && !under(e.target, 'shared'),
  },
  {
    name: 'tools/ imports only tools/ and shared/',
    breaks: (e) => under(e.from, 'tools') && e.target !== null && !under(e.target, 'tools', 'shared', 'test-support'),
  },
  {
    name: "only electron/hosts/electron/ imports 'electron'",
    breaks: (e) => (e.specifier === 'electron' || e.specifier.startsWith('electron/')) && !under(e.from, 'electron/hosts/electron'),
  },
  {
    // The built-in engine's native binding stays in its folder (the bench compares against it directly).
    name: "only electron/services/engine/ imports 'node-llama-cpp'",
    breaks: (e) =>
      (e.specifier === 'node-llama-cpp' || e.specifier.startsWith('node-llama-cpp/')) &&
      !under(e.from, 'electron/services/engine', 'bench'),
  },
  {
    name: 'the renderer imports only renderer/ and shared/',
    breaks: (e) => under(e.from, 'renderer') && e.target !== null && !under(e.target, 'renderer', 'shared'),
  },
  {
    name: 'production code never imports test support',
    breaks: (e) =>
      !isTestSupport(e.from) &&
      !isFixture(e.from) &&
      e.target !== null &&
      (under(e.target, 'test-support', 'e2e', 'bench') || /(^|\/)testing(\/|$)/.test(e.target)),
  },
];

export function findViolations(edges: readonly ImportEdge[]): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const edge of edges) {
    for (const rule of DEPENDENCY_RULES) {
      if (rule.breaks(edge)) violations.push({ file: edge.from, specifier: edge.specifier, rule: rule.name });
    }
  }
  return violations;
}
