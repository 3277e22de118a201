import { z } from 'zod';
import { DEFAULTS } from '../constants';

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
  /** Every file of the skill, with its size (the catalogue shows them). */
  files: SkillPreviewFile[];
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

/** A path as typed or browsed: absolute, or relative to the workspace (the folder browser's paths). */
const pathOnDisk = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\0'), 'must not contain NUL');

const where = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('folder'), path: pathOnDisk }).strict(),
  z.object({ kind: z.literal('zip'), path: pathOnDisk }).strict(),
  /** A zip picked in the window (a file input works alike in the web host and Electron): its bytes, base64. */
  z
    .object({
      kind: z.literal('zip-upload'),
      name: z.string().trim().min(1).max(255),
      base64: z
        .string()
        .max(Math.ceil(DEFAULTS.skills.maxUploadBytes / 3) * 4)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    })
    .strict(),
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
