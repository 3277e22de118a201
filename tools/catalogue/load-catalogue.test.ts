import { describe, expect, it } from 'vitest';
import { bundledSources, loadCatalogue } from './load-catalogue';
import { loadToolRegistry } from './tool-registry';

describe('loadCatalogue', () => {
  it('collects the same tools through the bundler glob as discovery on disk finds', async () => {
    // vitest transforms import.meta.glob like the Electron build does, so this exercises the bundled path.
    const sources = bundledSources();
    expect(sources).not.toBeNull();
    expect(Object.keys(sources?.configs ?? {})).toContain('files/read_file.json');
    expect(Object.keys(sources?.modules ?? {})).toContain('files/read_file.ts');
    expect(Object.keys(sources?.modules ?? {}).some((key) => key.includes('-') || key.endsWith('.test.ts'))).toBe(false);
    const bundled = await loadCatalogue();
    const onDisk = await loadToolRegistry();
    const ids = (registry: typeof bundled) =>
      registry
        .list()
        .map((tool) => tool.info.toolId)
        .sort();
    expect(ids(bundled)).toEqual(ids(onDisk));
    expect(ids(bundled)).toContain('read_file');
  });
});
