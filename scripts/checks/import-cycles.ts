/**
 * Finds import cycles among the repository's own TypeScript files (type-only imports included: a
 * cycle of types still ties two modules together). Used by import-cycles.test.ts.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ImportEdge } from './import-graph';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative import names, or null when it is not one of ours (a package, a CSS file, a missing file). */
export function resolveTarget(
  root: string,
  target: string,
  exists: (file: string) => boolean = (file) => fileExists(root, file),
): string | null {
  for (const extension of EXTENSIONS) {
    const candidate = `${target}${extension}`;
    if (/\.(ts|tsx)$/.test(candidate) && exists(candidate)) return candidate;
  }
  // `./x.js` written for `./x.ts` (ESM style).
  if (target.endsWith('.js')) {
    const base = target.slice(0, -3);
    for (const extension of ['.ts', '.tsx']) if (exists(`${base}${extension}`)) return `${base}${extension}`;
  }
  return null;
}

function fileExists(root: string, file: string): boolean {
  const full = path.join(root, file);
  return existsSync(full) && statSync(full).isFile();
}

/** Each cycle as its files (a strongly connected component of two or more files, or a file importing itself), sorted. */
export function findCycles(edges: readonly ImportEdge[], resolve: (target: string) => string | null): string[][] {
  const graph = new Map<string, Set<string>>();
  const selfLoops = new Set<string>();
  for (const edge of edges) {
    if (edge.target === null) continue;
    const to = resolve(edge.target);
    if (to === null) continue;
    if (to === edge.from) selfLoops.add(to);
    const targets = graph.get(edge.from) ?? new Set<string>();
    targets.add(to);
    graph.set(edge.from, targets);
    if (!graph.has(to)) graph.set(to, new Set());
  }
  // Tarjan's strongly connected components, iterative (deep import chains must not overflow the stack).
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const visit = (node: string) => {
      indices.set(node, index);
      lowlinks.set(node, index);
      index += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set()).values() });
    };
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const to = step.value;
        if (!indices.has(to)) visit(to);
        else if (onStack.has(to)) lowlinks.set(frame.node, Math.min(lowlinks.get(frame.node)!, indices.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowlinks.set(parent.node, Math.min(lowlinks.get(parent.node)!, lowlinks.get(frame.node)!));
      if (lowlinks.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || selfLoops.has(frame.node)) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
