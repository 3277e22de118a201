import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import { ContractError } from '../../../shared/contract/contract-error';
import {
  PROJECTS_FORMAT,
  PROJECTS_FORMAT_VERSION,
  projectsFileSchema,
  type Project,
  type ProjectFields,
} from '../../../shared/projects/projects';
import { writeFileAtomic } from '../store/files/atomic-write';
import { ensureDir } from '../store/files/data-dir';
import { readJsonFile } from '../store/files/read-json-file';

/**
 * The projects, in the data folder's `projects.json` (DEFAULTS.projects.fileName): read once,
 * replaced whole and atomically on each change (0600, `writeFileAtomic`), one change at a time.
 * A file that cannot be read is never overwritten: every call says what is wrong with it and
 * where it is, and nothing changes until the user fixes or removes it.
 */
export interface ProjectStore {
  list(): Promise<Project[]>;
  /** null when there is no such project (or the file cannot be read: a run then follows Settings). */
  find(projectId: string): Promise<Project | null>;
  create(fields: ProjectFields): Promise<Project>;
  update(projectId: string, changes: Partial<ProjectFields>): Promise<Project>;
  /** Removes the project; false when there was none. Its conversations are moved by the caller first. */
  remove(projectId: string): Promise<boolean>;
  /** Called with the whole list after each change that was written. Returns an unsubscribe. */
  subscribe(listener: (projects: Project[]) => void): () => void;
}

export interface ProjectStoreOptions {
  dataDir: string;
  now?: () => number;
  newId?: () => string;
}

type Loaded = { type: 'ok'; projects: Project[] } | { type: 'unreadable'; message: string };

export function createProjectStore(options: ProjectStoreOptions): ProjectStore {
  const file = join(options.dataDir, DEFAULTS.projects.fileName);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  let loaded: Promise<Loaded> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(projects: Project[]) => void>();
  const load = (): Promise<Loaded> => (loaded ??= readProjects(file));
  const projects = async (): Promise<Project[]> => {
    const state = await load();
    if (state.type === 'unreadable') throw new ContractError('internal', state.message);
    return state.projects;
  };
  /** Changes run one after another; a failed write leaves the list as it was on disk. */
  const change = <T>(task: (current: Project[]) => { next: Project[]; result: T }): Promise<T> => {
    const run = chain.then(async () => {
      const { next, result } = task(await projects());
      await ensureDir(options.dataDir);
      await writeFileAtomic(file, serialize(next));
      loaded = Promise.resolve({ type: 'ok', projects: next });
      for (const listener of listeners) listener([...next]);
      return result;
    });
    chain = run.catch(() => undefined);
    return run;
  };
  const indexOf = (list: Project[], projectId: string): number => {
    const at = list.findIndex((project) => project.projectId === projectId);
    if (at === -1)
      throw new ContractError('not-found', `There is no project with id ${projectId}. It may have been removed; pick another.`);
    return at;
  };

  return {
    list: async () => [...(await projects())],
    async find(projectId) {
      const state = await load();
      return state.type === 'ok' ? (state.projects.find((project) => project.projectId === projectId) ?? null) : null;
    },
    create: (fields) =>
      change((current) => {
        if (current.length >= DEFAULTS.projects.maxProjects)
          throw new ContractError('invalid-payload', `TACO keeps at most ${DEFAULTS.projects.maxProjects} projects. Remove one first.`);
        const project: Project = { ...fields, projectId: newId(), createdAt: now() };
        return { next: [...current, project], result: project };
      }),
    update: (projectId, changes) =>
      change((current) => {
        const at = indexOf(current, projectId);
        const project = { ...current[at], ...stripUndefined(changes) } as Project;
        return { next: current.map((entry, index) => (index === at ? project : entry)), result: project };
      }),
    remove: (projectId) =>
      change((current) => {
        const next = current.filter((project) => project.projectId !== projectId);
        return { next, result: next.length < current.length };
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function readProjects(file: string): Promise<Loaded> {
  const read = await readJsonFile(file);
  if (read.type === 'missing') return { type: 'ok', projects: [] };
  const where = `The projects file ${file}`;
  if (read.type === 'unparsable')
    return { type: 'unreadable', message: `${where} is not valid JSON. Fix it or move it away; TACO has not changed it.` };
  const parsed = projectsFileSchema.safeParse(read.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')}: ${issue.message})` : '';
    return {
      type: 'unreadable',
      message: `${where} is not a list of TACO projects${field}. Fix it or move it away; TACO has not changed it.`,
    };
  }
  return { type: 'ok', projects: parsed.data.projects };
}

function serialize(projects: Project[]): string {
  return `${JSON.stringify({ format: PROJECTS_FORMAT, version: PROJECTS_FORMAT_VERSION, projects }, null, 2)}\n`;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
