import { loadToolRegistry, registryFromSources } from './tool-registry';
import type { ToolRegistry } from './tool-runtime-types';

/**
 * The tool catalogue, wherever TACO runs. In a bundle (the Electron main process, built by
 * electron-vite) there are no .ts files to import at run time, so Vite collects every config and
 * implementation at build time through `import.meta.glob`. Under tsx (web host, CLI) that call
 * does not exist and the catalogue is discovered on disk. Either way dropping in a config and its
 * implementation registers a tool.
 */
export async function loadCatalogue(): Promise<ToolRegistry> {
  const bundled = bundledSources();
  return bundled ? registryFromSources(bundled) : loadToolRegistry();
}

export function bundledSources(): { configs: Record<string, unknown>; modules: Record<string, unknown> } | null {
  try {
    // Written out literally: Vite rewrites these calls at build time.
    const configs = import.meta.glob!(['../*/*.json', '!../catalogue/**'], { eager: true, import: 'default' });
    const modules = import.meta.glob!(['../*/*.ts', '!../catalogue/**', '!../*/*-*.ts', '!../*/*.test.ts', '!../*/*.d.ts'], {
      eager: true,
    });
    return { configs: trimKeys(configs), modules: trimKeys(modules) };
  } catch {
    return null;
  }
}

function trimKeys(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).map(([key, value]) => [key.replace(/^\.\.\//, ''), value]));
}
