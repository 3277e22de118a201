import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, readImportGraph } from './import-graph';
import { findViolations } from './dependency-rules';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('dependency rules', () => {
  it('the tree keeps every rule', () => {
    // This file's own examples of forbidden imports are strings, not imports.
    const violations = findViolations(readImportGraph(ROOT).filter((e) => e.from !== 'scripts/checks/dependency-rules.test.ts'));
    expect(violations.map((v) => `${v.file} imports ${v.specifier}: ${v.rule}`)).toEqual([]);
  });

  it('the graph is really read (a tree with no imports would pass anything)', () => {
    const edges = readImportGraph(ROOT);
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.from === 'electron/hosts/electron/index.ts')).toBe(true);
  });

  describe('each rule catches a forbidden import (a test of the test)', () => {
    const cases: Array<[string, string, string]> = [
      [
        'shared/contract/events.ts',
        "import { runAgent } from '../../electron/services/agent/loop/run-agent';",
        'shared/ imports nothing of ours',
      ],
      [
        'tools/files/read_file.ts',
        "import type { ChatProvider } from '../../electron/services/provider/provider-types';",
        'tools/ imports only tools/ and shared/',
      ],
      ['electron/services/app/call-router.ts', "import { app } from 'electron';", "only electron/hosts/electron/ imports 'electron'"],
      [
        'renderer/src/components/App.tsx',
        "import { DEFAULTS } from '../../../electron/services/store/files/data-dir';",
        'the renderer imports only renderer/ and shared/',
      ],
      [
        'electron/services/servers/server-providers.ts',
        "const { getLlama } = await import('node-llama-cpp');",
        "only electron/services/engine/ imports 'node-llama-cpp'",
      ],
      [
        'test-support/gguf/tiny-gguf.ts',
        "import { readGgufFileInfo } from 'node-llama-cpp';",
        "only electron/services/engine/ imports 'node-llama-cpp'",
      ],
      [
        'electron/services/app/app-services.ts',
        "import { startFakeOllama } from '../../../test-support/fake-ollama/index';",
        'production code never imports test support',
      ],
      [
        'electron/services/agent/loop/run-agent.ts',
        "const m = await import('../testing/scripted-provider');",
        'production code never imports test support',
      ],
    ];
    it.each(cases)('%s: %s', (file, line, rule) => {
      expect(findViolations(importsOf(file, line)).map((v) => v.rule)).toContain(rule);
    });

    it('allowed imports are not flagged', () => {
      const allowed = [
        ['tools/files/read_file.ts', "import { DEFAULTS } from '../../shared/constants';"],
        ['electron/hosts/electron/ipc.ts', "import { ipcMain } from 'electron';"],
        ['electron/services/engine/engine-model.ts', "const loaded = await import('node-llama-cpp');"],
        ['electron/services/agent/loop/run-agent.test.ts', "import { scriptedProvider } from '../testing/scripted-provider';"],
      ] as const;
      for (const [file, line] of allowed) expect(findViolations(importsOf(file, line))).toEqual([]);
    });
  });
});
