import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SECRET = 'TOP-SECRET-CONTENT-never-shown';

/**
 * A temp folder holding a workspace `ws/` and, next to it, things a path must not reach:
 * `outside/secret.txt` and a prefix sibling `ws-evil/secret.txt`. Inside the workspace: files,
 * a link inside it, links leaving it (to a file and to a folder), a dangling link and a loop.
 */
export interface WorkspaceFixture {
  base: string;
  workspace: string;
  remove(): Promise<void>;
}

export async function createWorkspaceFixture(): Promise<WorkspaceFixture> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'taco-ws-')));
  const ws = path.join(base, 'ws');
  await mkdir(path.join(ws, 'sub', 'deeper'), { recursive: true });
  await mkdir(path.join(base, 'outside'));
  await mkdir(path.join(base, 'ws-evil'));
  await writeFile(path.join(base, 'outside', 'secret.txt'), SECRET);
  await writeFile(path.join(base, 'ws-evil', 'secret.txt'), SECRET);
  await writeFile(path.join(ws, 'inside.txt'), 'hello from inside\nsecond line\n');
  await writeFile(path.join(ws, 'sub', 'file.txt'), 'nested file\n');
  await writeFile(path.join(ws, 'sub', 'deeper', 'notes.md'), '# Notes\nTODO: buy milk\n');
  await symlink(path.join(base, 'outside', 'secret.txt'), path.join(ws, 'link-out-file'));
  await symlink(path.join(base, 'outside'), path.join(ws, 'link-out-dir'));
  await symlink(path.join(ws, 'sub'), path.join(ws, 'link-in'));
  await symlink(path.join(base, 'outside', 'created-by-attack.txt'), path.join(ws, 'dangling'));
  await symlink(path.join(ws, 'loop-b'), path.join(ws, 'loop-a'));
  await symlink(path.join(ws, 'loop-a'), path.join(ws, 'loop-b'));
  return { base, workspace: ws, remove: () => rm(base, { recursive: true, force: true }) };
}
