import type { SkillSourceKind, SkillSummary } from '../../../../shared/skills/skills';

/** Where a skill was found, as the catalogue says it. */
export const SKILL_SOURCE_WORDS: Record<SkillSourceKind, string> = {
  workspace: 'workspace',
  project: 'project',
  global: 'every conversation',
  'other-agent': 'another agent',
};

/** A size in the units people read: bytes, KB, MB. */
export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Only what TACO installed can be removed here; a workspace's or another agent's skill stays where it is kept. */
export function removableSkill(skill: Pick<SkillSummary, 'source'>): boolean {
  return skill.source === 'global' || skill.source === 'project';
}

/** Every word of the query in the skill's name, description or source. */
export function skillMatches(skill: SkillSummary, query: string): boolean {
  const haystack =
    `${skill.name.replace(/-/g, ' ')} ${skill.name} ${skill.description} skill ${SKILL_SOURCE_WORDS[skill.source]}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** A picked file's bytes as base64 (the zip a file input picked travels so to main). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
