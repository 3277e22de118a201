import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillListing, SkillProblem, SkillSummary } from '../../../shared/skills/skills';
import { readSkillFolder } from './skill-folder';
import type { SkillSource } from './skill-sources';

/** A skill's instructions, as load_skill hands them to the model. */
export interface LoadedSkill {
  name: string;
  folder: string;
  instructions: string;
  /** Every file of the skill (relative), the scripts among them. */
  files: string[];
  scripts: string[];
}

/** The skills of a run: what the prompt lists and what load_skill reads. */
export interface SkillCatalog {
  list(): readonly SkillSummary[];
  /** Reads the skill again from disk (checked afresh); null when no listed skill has that name or it no longer passes. */
  load(name: string): Promise<LoadedSkill | { refused: string } | null>;
}

/**
 * Reads every source's skill folders: each is checked (skill-folder.ts), a refused one is listed
 * with its reason, and a name found again in a later source is left out (the first source wins).
 */
export async function listSkills(sources: readonly SkillSource[]): Promise<SkillListing> {
  const skills: SkillSummary[] = [];
  const problems: SkillProblem[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    let names: string[];
    try {
      const entries = await readdir(source.root, { withFileTypes: true });
      names = entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name);
    } catch {
      continue; // No such folder: a source with no skills.
    }
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue;
      const folder = join(source.root, name);
      const read = await readSkillFolder(folder);
      if (!read.ok) {
        problems.push({ folder, source: source.kind, reason: read.reason });
        continue;
      }
      const { skill, files } = read.value;
      if (seen.has(skill.name)) continue;
      seen.add(skill.name);
      skills.push({
        name: skill.name,
        description: skill.description,
        source: source.kind,
        folder: read.value.folder,
        ...(skill.license ? { license: skill.license } : {}),
        ...(skill.compatibility ? { compatibility: skill.compatibility } : {}),
        scripts: files.filter((file) => file.script).map((file) => file.path),
        files,
      });
    }
  }
  return { skills, problems };
}

/** A run's catalogue over a listing made when the run started. */
export function skillCatalog(listing: SkillListing): SkillCatalog {
  const byName = new Map(listing.skills.map((skill) => [skill.name, skill]));
  return {
    list: () => listing.skills,
    async load(name) {
      const summary = byName.get(name);
      if (!summary) return null;
      const read = await readSkillFolder(summary.folder);
      if (!read.ok) return { refused: read.reason };
      return {
        name,
        folder: read.value.folder,
        instructions: read.value.skill.body,
        files: read.value.files.map((file) => file.path),
        scripts: read.value.files.filter((file) => file.script).map((file) => file.path),
      };
    },
  };
}
