import { z } from 'zod';

/** Where a skill was found: each source is a folder of skill folders. */
export type SkillSourceKind = 'global' | 'project' | 'workspace' | 'other-agent';

/** A skill as the catalogue and the prompt see it: its name, description and where it lives. */
export interface SkillSummary {
  name: string;
  description: string;
  source: SkillSourceKind;
  /** The skill's folder (absolute). */
  folder: string;
  /** The specification's optional fields, when the skill sets them. */
  license?: string;
  compatibility?: string;
  /** Files under the skill's folder that look runnable (scripts/, or a script's extension). */
  scripts: string[];
}

/** A folder that looked like a skill but was refused, with the reason. */
export interface SkillProblem {
  folder: string;
  source: SkillSourceKind;
  reason: string;
}

export interface SkillListing {
  skills: SkillSummary[];
  problems: SkillProblem[];
}

/** One file of a skill about to be installed. */
export interface SkillPreviewFile {
  /** Relative to the skill's folder, with `/`. */
  path: string;
  bytes: number;
  script: boolean;
}

/** What an install would add, shown before anything is added. */
export type SkillInstallPreview =
  | {
      ok: true;
      previewId: string;
      name: string;
      description: string;
      files: SkillPreviewFile[];
      totalBytes: number;
      /** A skill of that name is installed there already: installing replaces it. */
      replaces: boolean;
    }
  | { ok: false; reason: string };

const where = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('folder'), path: z.string().trim().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('zip'), path: z.string().trim().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('git'), url: z.string().trim().min(1).max(2048) }).strict(),
]);
export type SkillInstallFrom = z.infer<typeof where>;

/** Installed for every conversation, or for one project. */
const target = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('global') }).strict(),
  z.object({ scope: z.literal('project'), projectId: z.string().trim().min(1).max(200) }).strict(),
]);
export type SkillInstallTarget = z.infer<typeof target>;

export const skillsListRequest = z.object({ projectId: z.string().trim().min(1).max(200).nullable().optional() }).strict();
export const skillsPreviewRequest = z.object({ from: where, target }).strict();
export const skillsInstallRequest = z.object({ previewId: z.string().trim().min(1).max(200) }).strict();
export const skillsRemoveRequest = z.object({ folder: z.string().trim().min(1).max(4096) }).strict();
