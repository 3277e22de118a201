import type { Memory } from '../../../../shared/memory/memory';
import type { Project } from '../../../../shared/projects/projects';

/** Where a note reaches, in words: "Global" or the project's name (its id when the project is gone). */
export function scopeWords(projectId: string | null, projects: readonly Project[]): string {
  if (projectId === null) return 'Global';
  return `Project: ${projects.find((project) => project.projectId === projectId)?.name ?? projectId}`;
}

/** Who saved a note, in words. */
export function sourceWords(memory: Pick<Memory, 'source'>): string {
  return memory.source === 'model' ? 'saved by the model' : 'added by you';
}

/** The scope choices of the add and edit forms: Global, then each project. */
export function scopeOptions(projects: readonly Project[]): Array<{ value: string; label: string }> {
  return [
    { value: GLOBAL, label: 'Global (every conversation)' },
    ...projects.map((project) => ({ value: project.projectId, label: `Project: ${project.name}` })),
  ];
}

/** The scope select's value for "global" (no project id can be empty). */
export const GLOBAL = '';

export const scopeFromValue = (value: string): string | null => (value === GLOBAL ? null : value);
