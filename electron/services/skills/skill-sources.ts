import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import type { SkillSourceKind } from '../../../shared/skills/skills';

/** A folder whose sub-folders are skills. */
export interface SkillSource {
  kind: SkillSourceKind;
  root: string;
}

export interface SkillSourceInput {
  dataDir: string;
  projectId?: string | null;
  /** The run's workspace (absolute); its `.skills/` is read. */
  workspace?: string | null;
  /** Settings → readOtherAgentsSkills. */
  readOtherAgents?: boolean;
  /** The home folder the other agents' folders are under (tests set it). */
  home?: string;
}

/**
 * The folders skills are read from, in order of precedence (a name found twice keeps the first):
 * the workspace's, the project's, the global one, then the other agents' when the user allows.
 */
export function skillSources(input: SkillSourceInput): SkillSource[] {
  const sources: SkillSource[] = [];
  if (input.workspace) sources.push({ kind: 'workspace', root: join(input.workspace, DEFAULTS.skills.workspaceFolder) });
  if (input.projectId) sources.push({ kind: 'project', root: projectSkillsRoot(input.dataDir, input.projectId) });
  sources.push({ kind: 'global', root: globalSkillsRoot(input.dataDir) });
  if (input.readOtherAgents) {
    const home = input.home ?? homedir();
    for (const folder of DEFAULTS.skills.otherAgentFolders) sources.push({ kind: 'other-agent', root: join(home, folder) });
  }
  return sources;
}

export function globalSkillsRoot(dataDir: string): string {
  return join(dataDir, DEFAULTS.skills.globalFolder);
}

/** A project's skills folder; the id is checked as a single folder name so it cannot lead elsewhere. */
export function projectSkillsRoot(dataDir: string, projectId: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(projectId)) throw new Error(`"${projectId.slice(0, 40)}" is not a project id.`);
  return join(dataDir, DEFAULTS.skills.projectFolder, projectId);
}
