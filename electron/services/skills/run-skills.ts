import type { Settings } from '../../../shared/settings/settings';
import { listSkills, skillCatalog, type SkillCatalog } from './skill-library';
import { skillSources } from './skill-sources';

/**
 * The skills a run may use: the workspace's `.skills/`, the project's, the global ones, and the
 * other agents' folders when Settings allows. A source that cannot be read adds none; the run
 * never fails for its skills.
 */
export async function skillsForRun(input: {
  dataDir: string;
  projectId: string | null | undefined;
  workspace: string | null;
  settings: Pick<Settings, 'readOtherAgentsSkills'>;
}): Promise<SkillCatalog> {
  try {
    const sources = skillSources({
      dataDir: input.dataDir,
      projectId: input.projectId ?? null,
      workspace: input.workspace,
      readOtherAgents: input.settings.readOtherAgentsSkills === true,
    });
    return skillCatalog(await listSkills(sources));
  } catch {
    return skillCatalog({ skills: [], problems: [] });
  }
}
