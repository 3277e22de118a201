import type { MemoryListResult } from '../../../shared/memory/memory';
import type { Project } from '../../../shared/projects/projects';
import type { AppServices } from '../../services/app/app-services-types';
import type { TextSink } from './output/cli-output';
import { terminalSafe } from './output/terminal-safe';

/**
 * `--list-memories`: every note in memory, newest first, one line each with its scope (a project's
 * name, or "global"); what went wrong reading the memory file on stderr. Notes are text someone
 * saved, so control characters are taken out before they reach the terminal (--json stays exact).
 */
export async function listMemoriesCli(services: AppServices, io: { stdout: TextSink; stderr: TextSink }, json: boolean): Promise<0 | 1> {
  const listed = await services.handle('memory.list', { filter: { type: 'all' } });
  if (!listed.ok) {
    io.stderr.write(`${listed.error.message}\n`);
    return 1;
  }
  const result = listed.value as MemoryListResult;
  if (json) {
    io.stdout.write(`${JSON.stringify(result)}\n`);
    return result.problem === null ? 0 : 1;
  }
  const projects = await services.handle('projects.list', {});
  const names = new Map(projects.ok ? (projects.value as Project[]).map((project) => [project.projectId, project.name]) : []);
  if (result.memories.length === 0) io.stdout.write('Memory is empty.\n');
  for (const memory of result.memories) {
    const scope = memory.projectId === null ? 'global' : `project ${names.get(memory.projectId) ?? memory.projectId}`;
    io.stdout.write(`${memory.memoryId}  [${terminalSafe(scope)}]  ${terminalSafe(memory.text.replace(/\s+/g, ' '))}\n`);
  }
  if (result.problem !== null) io.stderr.write(`${terminalSafe(result.problem)}\n`);
  return result.problem === null ? 0 : 1;
}
