import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { callRequestSchemas } from '../../../shared/contract/contract';
import type { ProjectFields } from '../../../shared/projects/projects';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createProjectStore } from './project-store';

const cleanups = cleanupAfterEach();

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'taco-projects-'));
  cleanups.defer(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const fields: ProjectFields = {
  name: 'Garden',
  workspace: null,
  defaultModel: 'qwen3:4b',
  presetId: null,
  toolLimits: { maxIterations: 5 },
  instructions: '',
};
let counter = 0;
const newId = () => `p${(counter += 1)}`;

describe('project store', () => {
  it('creates, updates and removes projects, each change written to projects.json (0600) and read back by a new store', async () => {
    const dir = await dataDir();
    const store = createProjectStore({ dataDir: dir, now: () => 1000, newId });
    const seen: string[][] = [];
    store.subscribe((projects) => seen.push(projects.map((project) => project.name)));
    const garden = await store.create(fields);
    const kitchen = await store.create({ ...fields, name: 'Kitchen', toolLimits: {} });
    expect(garden).toMatchObject({ name: 'Garden', createdAt: 1000, toolLimits: { maxIterations: 5 } });
    const renamed = await store.update(garden.projectId, { name: 'Back garden', workspace: '/srv/garden' });
    expect(renamed).toMatchObject({ projectId: garden.projectId, name: 'Back garden', workspace: '/srv/garden', defaultModel: 'qwen3:4b' });
    expect(await store.remove(kitchen.projectId)).toBe(true);
    expect(await store.remove(kitchen.projectId)).toBe(false);
    expect(seen).toEqual([['Garden'], ['Garden', 'Kitchen'], ['Back garden', 'Kitchen'], ['Back garden'], ['Back garden']]);

    const file = join(dir, DEFAULTS.projects.fileName);
    expect((await stat(file)).mode & 0o777).toBe(DEFAULTS.store.fileMode);
    const again = createProjectStore({ dataDir: dir });
    expect(await again.list()).toEqual([renamed]);
    expect(await again.find(garden.projectId)).toEqual(renamed);
    expect(await again.find('nope')).toBeNull();
  });

  it('refuses to update a project that does not exist, with words', async () => {
    const store = createProjectStore({ dataDir: await dataDir(), newId });
    await expect(store.update('missing', { name: 'x' })).rejects.toThrow(/no project with id missing/);
  });

  it('a corrupt projects.json is named in a clear error, never overwritten, and nothing changes until it is fixed', async () => {
    const dir = await dataDir();
    const file = join(dir, DEFAULTS.projects.fileName);
    const damaged = '{"format":"taco-projects","version":1,"projects":[{"name":';
    await writeFile(file, damaged);
    const store = createProjectStore({ dataDir: dir, newId });
    await expect(store.list()).rejects.toThrow(/projects\.json is not valid JSON\. Fix it or move it away; TACO has not changed it/);
    await expect(store.create(fields)).rejects.toThrow(/not valid JSON/);
    expect(await store.find('p1')).toBeNull();
    expect(await readFile(file, 'utf8')).toBe(damaged);

    await writeFile(file, JSON.stringify({ format: 'taco-projects', version: 1, projects: [{ name: 'no id' }] }));
    await expect(createProjectStore({ dataDir: dir }).list()).rejects.toThrow(/is not a list of TACO projects \(at projects\.0\./);
  });

  it('keeps at most DEFAULTS.projects.maxProjects projects', async () => {
    const dir = await dataDir();
    const projects = Array.from({ length: DEFAULTS.projects.maxProjects }, (_, index) => ({
      ...fields,
      projectId: `x${index}`,
      createdAt: 1,
    }));
    await writeFile(join(dir, DEFAULTS.projects.fileName), JSON.stringify({ format: 'taco-projects', version: 1, projects }));
    await expect(createProjectStore({ dataDir: dir, newId }).create(fields)).rejects.toThrow(/at most 200 projects/);
  });
});

describe('project calls at the boundary', () => {
  it('refuses bad payloads before any handler runs', () => {
    const create = callRequestSchemas['projects.create'];
    expect(create.safeParse(fields).success).toBe(true);
    expect(create.safeParse({ ...fields, name: '  ' }).success).toBe(false);
    expect(create.safeParse({ ...fields, toolLimits: { maxIterations: 0 } }).success).toBe(false);
    expect(create.safeParse({ ...fields, toolLimits: { notALimit: 3 } }).success).toBe(false);
    expect(create.safeParse({ ...fields, presetId: 'Not A Preset' }).success).toBe(false);
    expect(create.safeParse({ ...fields, extra: true }).success).toBe(false);
    const move = callRequestSchemas['conversation.moveToProject'];
    expect(move.safeParse({ conversationId: 'c1', projectId: null }).success).toBe(true);
    expect(move.safeParse({ conversationId: 'c1', projectId: '../etc' }).success).toBe(false);
    expect(callRequestSchemas['projects.update'].safeParse({ projectId: 'p1', changes: { name: 'ok' } }).success).toBe(true);
    expect(callRequestSchemas['projects.update'].safeParse({ projectId: 'p1', changes: { workspace: 7 } }).success).toBe(false);
  });
});
