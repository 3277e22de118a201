import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, readImportGraph } from './import-graph';
import { findCycles, resolveTarget } from './import-cycles';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('import cycles', () => {
  it('no module of ours imports itself through others (type-only imports count too)', () => {
    const cycles = findCycles(readImportGraph(ROOT), (target) => resolveTarget(ROOT, target));
    expect(cycles.map((files) => files.join(' ↔ '))).toEqual([]);
  });

  it('relative imports resolve to files (a graph of unresolved edges would pass anything)', () => {
    const edges = readImportGraph(ROOT).filter((edge) => edge.target !== null && /\.(ts|tsx)$/.test(edge.from));
    const resolved = edges.filter((edge) => resolveTarget(ROOT, edge.target!) !== null);
    expect(resolved.length).toBeGreaterThan(1000);
    expect(resolveTarget(ROOT, 'shared/contract/events')).toBe('shared/contract/events.ts');
    expect(resolveTarget(ROOT, 'renderer/src/components/App')).toBe('renderer/src/components/App.tsx');
  });

  describe('a test of the test', () => {
    const files = new Set(['a.ts', 'b.ts', 'c.ts', 'd.tsx', 'e.ts']);
    const resolve = (target: string) => resolveTarget('/nowhere', target, (file) => files.has(file));
    const graph = (...pairs: Array<[string, string]>) => pairs.flatMap(([from, line]) => importsOf(from, line));

    it('finds a two-file cycle, a longer one, a type-only one and a self-import', () => {
      expect(findCycles(graph(['a.ts', "import { x } from './b';"], ['b.ts', "import { y } from './a';"]), resolve)).toEqual([
        ['a.ts', 'b.ts'],
      ]);
      expect(
        findCycles(
          graph(['a.ts', "import './b';"], ['b.ts', "import type { C } from './c';"], ['c.ts', "export { a } from './a';"]),
          resolve,
        ),
      ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
      expect(findCycles(graph(['d.tsx', "import { d } from './d';"]), resolve)).toEqual([['d.tsx']]);
    });

    it('a chain, a diamond and package imports are not cycles', () => {
      const edges = graph(
        ['a.ts', "import './b';\nimport './c';\nimport { z } from 'zod';"],
        ['b.ts', "import './e';"],
        ['c.ts', "import './e';"],
        ['e.ts', "import { readFileSync } from 'node:fs';"],
      );
      expect(findCycles(edges, resolve)).toEqual([]);
    });
  });
});
