import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { presetIdSchema } from '../conversations/system-prompts';
import { limitsSchema } from '../settings/settings';

/**
 * A project: conversations grouped with their own workspace folder, default model, system prompt
 * preset and tool limits. Main owns them (`electron/services/projects/`); a new chat started in a
 * project takes them, and a conversation in a project runs with its workspace and limits.
 */
export const projectIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a project id as main gave it (letters, digits, dashes)');

/** Tool limits of the project's runs: any of Settings → Limits; a field left out follows Settings. */
export const projectToolLimitsSchema = limitsSchema.partial().strict();
export type ProjectToolLimits = z.infer<typeof projectToolLimitsSchema>;

/** What the user sets on a project (the project settings dialog). */
export const projectFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(DEFAULTS.projects.maxNameChars),
    /** The folder file and shell tools work in, as a full path; null: Settings' workspace. Checked in main. */
    workspace: z.string().trim().min(1).max(4096).nullable(),
    /** The model a new chat in the project starts with; null: the model picked in the window. */
    defaultModel: z.string().trim().min(1).max(200).nullable(),
    /** The system prompt preset a new chat in the project starts with; null: none. */
    presetId: presetIdSchema.nullable(),
    toolLimits: projectToolLimitsSchema,
    /** The project's conversations search its knowledge folders (and the global ones) on every message, unless one says otherwise; absent: off. */
    searchKnowledge: z.boolean().optional(),
    /** What the model is told in every run of the project's conversations (after the opening instructions); '' for none. */
    instructions: z
      .string()
      .max(DEFAULTS.projects.maxInstructionsChars, `must be at most ${DEFAULTS.projects.maxInstructionsChars} characters`)
      .default(''),
  })
  .strict();
export type ProjectFields = z.infer<typeof projectFieldsSchema>;

export const projectSchema = projectFieldsSchema.extend({ projectId: projectIdSchema, createdAt: z.number() }).strict();
export type Project = z.infer<typeof projectSchema>;

/** The projects file (`DEFAULTS.projects.fileName` in the data folder). */
export const PROJECTS_FORMAT = 'taco-projects';
export const PROJECTS_FORMAT_VERSION = 1;
export const projectsFileSchema = z
  .object({
    format: z.literal(PROJECTS_FORMAT),
    version: z.literal(PROJECTS_FORMAT_VERSION),
    projects: z.array(projectSchema).max(DEFAULTS.projects.maxProjects),
  })
  .strict();
