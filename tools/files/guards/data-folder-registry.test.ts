import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataFolderHolding, dataFoldersInside, guardDataFolder } from './data-folder-guard';

/** The registry of guarded data folders alone: what is inside one, and how long a guard lasts. */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
function base(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'taco-guard-')));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
function guard(dir: string): () => void {
  const release = guardDataFolder(dir);
  cleanups.push(release);
  return release;
}

describe('dataFolderHolding', () => {
  it('holds the folder itself and everything below it, not a sibling that shares its prefix', () => {
    const root = base();
    const data = path.join(root, 'data');
    mkdirSync(data);
    guard(data);
    expect(dataFolderHolding(data)).toBe(data);
    expect(dataFolderHolding(path.join(data, 'settings.json'))).toBe(data);
    expect(dataFolderHolding(path.join(data, 'a', 'b'))).toBe(data);
    expect(dataFolderHolding(`${data}-other/settings.json`)).toBeNull();
    expect(dataFolderHolding(`${data}x`)).toBeNull();
    expect(dataFolderHolding(root)).toBeNull();
  });

  it('holds everything when the data folder is the file system root', () => {
    guard(path.parse(base()).root);
    expect(dataFolderHolding(path.join(path.parse(base()).root, 'etc', 'passwd'))).toBe(path.parse(base()).root);
  });

  it('guards a folder reached through a symbolic link under both names, and one not created yet as given', () => {
    const root = base();
    const real = path.join(root, 'real');
    mkdirSync(real);
    symlinkSync(real, path.join(root, 'link'));
    guard(path.join(root, 'link'));
    expect(dataFolderHolding(path.join(real, 'mcp.json'))).toBe(real);
    expect(dataFolderHolding(path.join(root, 'link', 'mcp.json'))).toBe(path.join(root, 'link'));
    const later = path.join(root, 'later');
    guard(later);
    expect(dataFolderHolding(path.join(later, 'settings.json'))).toBe(later);
    expect(dataFolderHolding(path.join(root, 'elsewhere'))).toBeNull();
    expect(dataFoldersInside(root).sort()).toEqual([path.join(root, 'link'), later, real].sort());
  });
});

describe('guardDataFolder: release', () => {
  it('a folder stays guarded until every guard of it is released; releasing twice counts once', () => {
    const data = base();
    const first = guard(data);
    const second = guard(data);
    first();
    first();
    expect(dataFolderHolding(data)).toBe(data);
    second();
    expect(dataFolderHolding(data)).toBeNull();
  });
});

describe('dataFoldersInside', () => {
  it('names the guarded folders in a workspace (or equal to it), not those beside it', () => {
    const root = base();
    const data = path.join(root, 'home', '.taco');
    mkdirSync(data, { recursive: true });
    guard(data);
    expect(dataFoldersInside(path.join(root, 'home'))).toEqual([data]);
    expect(dataFoldersInside(data)).toEqual([data]);
    expect(dataFoldersInside(path.join(root, 'hom'))).toEqual([]);
    expect(dataFoldersInside(path.join(root, 'home', '.taco-not'))).toEqual([]);
    expect(dataFoldersInside(`${root}${path.sep}`)).toEqual([data]);
  });
});
