import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolOutcome, ToolRun } from '../../catalogue/tool-runtime-types';
import { createTestToolContext } from '../../catalogue/tool-test-context';
import type { JsonObject } from '../../../shared/contract/json';
import { guardDataFolder } from './data-folder-guard';
import { run as readFileRun } from '../read_file';
import { run as writeFileRun } from '../write_file';
import { run as searchFilesRun } from '../search_files';
import { createWorkspaceFixture, type WorkspaceFixture } from '../workspace-fixture';

let fixture: WorkspaceFixture;
let release: () => void;
const HEADER = 'Bearer sk-DATA-FOLDER-SECRET';

beforeEach(async () => {
  fixture = await createWorkspaceFixture();
  const data = path.join(fixture.workspace, '.taco');
  await mkdir(path.join(data, 'workflows'), { recursive: true });
  await writeFile(path.join(data, 'settings.json'), JSON.stringify({ servers: [{ headers: { Authorization: HEADER } }] }));
  await writeFile(path.join(data, 'mcp.json'), '{"mcpServers":{}}');
  release = guardDataFolder(data);
});
afterEach(async () => {
  release();
  await fixture.remove();
});

const context = () => createTestToolContext({ workspace: fixture.workspace });
async function failure(run: ToolRun, args: JsonObject): Promise<string> {
  const outcome: ToolOutcome | Error = await run(args, context()).catch((error: unknown) => error as Error);
  if (!(outcome instanceof Error)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome)}`);
  return outcome.message;
}

describe('file tools never reach the data folder, even inside the workspace', () => {
  it('read_file refuses settings.json and mcp.json (directly, through .., and through a symbolic link)', async () => {
    const { symlink } = await import('node:fs/promises');
    await symlink(path.join(fixture.workspace, '.taco', 'settings.json'), path.join(fixture.workspace, 'innocent.json'));
    for (const route of ['.taco/settings.json', 'sub/../.taco/mcp.json', 'innocent.json'])
      expect(await failure(readFileRun, { path: route })).toMatch(/data folder/);
  });

  it('write_file refuses mcp.json and workflows/, and leaves them as they were', async () => {
    expect(await failure(writeFileRun, { path: '.taco/mcp.json', content: '{"mcpServers":{"x":{"command":"sh"}}}' })).toMatch(
      /data folder/,
    );
    expect(await failure(writeFileRun, { path: '.taco/workflows/evil.json', content: '{}' })).toMatch(/data folder/);
    expect(await readFile(path.join(fixture.workspace, '.taco', 'mcp.json'), 'utf8')).toBe('{"mcpServers":{}}');
  });

  it('search_files does not look inside it', async () => {
    const result = await searchFilesRun({ pattern: 'DATA-FOLDER-SECRET' }, context());
    if (result.type !== 'result') throw new Error('expected a result');
    expect(result.output).not.toContain('Bearer');
    expect(result.output).not.toContain('settings.json');
  });
});
