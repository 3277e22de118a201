import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * sandbox-runtime's prebuilt, static `apply-seccomp` (vendor/seccomp/<arch>/apply-seccomp): it runs
 * the command under a seccomp filter that refuses `socket(AF_UNIX, …)`, so no UNIX socket (a path
 * one, even on a read-only or writable bind, or an abstract one) can be reached from inside.
 * x64 and arm64 only (on ia32 socketcall() hides the family from the filter).
 */
const HELPER_IN_PACKAGE = ['node_modules', '@anthropic-ai', 'sandbox-runtime', 'vendor', 'seccomp'];

function archFolder(arch: string): string | null {
  return arch === 'x64' || arch === 'arm64' ? arch : null;
}

/**
 * Where the helper is: in a packaged app, unpacked beside app.asar (build/electron-builder.yml's
 * asarUnpack, since a program inside an asar cannot be executed); in a checkout, under the
 * node_modules of the working folder or of any folder above this file. Null when none is found.
 */
export function findSeccompHelper(
  places: { resourcesPath?: string | undefined; cwd: string; here: string; arch: string } = {
    resourcesPath: (process as { resourcesPath?: string }).resourcesPath,
    cwd: process.cwd(),
    here: path.dirname(fileURLToPath(import.meta.url)),
    arch: process.arch,
  },
  executable: (file: string) => boolean = isExecutable,
): string | null {
  const arch = archFolder(places.arch);
  if (arch === null) return null;
  const roots: string[] = [];
  if (places.resourcesPath !== undefined) roots.push(path.join(places.resourcesPath, 'app.asar.unpacked'));
  roots.push(places.cwd);
  for (let folder = places.here; ; folder = path.dirname(folder)) {
    roots.push(folder.replace(/app\.asar(?=\/|$)/, 'app.asar.unpacked'));
    if (path.dirname(folder) === folder) break;
  }
  for (const root of roots) {
    const candidate = path.join(root, ...HELPER_IN_PACKAGE, arch, 'apply-seccomp');
    if (executable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
