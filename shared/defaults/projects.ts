/** Projects: conversations grouped with their own workspace and defaults (electron/services/projects). */
export const PROJECTS_DEFAULTS = {
  /** File in the data folder that holds the projects. */
  fileName: 'projects.json',
  maxProjects: 200,
  maxNameChars: 80,
  /** The project's own instructions, added to the system prompt of its conversations' runs. */
  maxInstructionsChars: 4000,
} as const;
