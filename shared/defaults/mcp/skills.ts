/**
 * Skills: SKILL.md folders of instructions the model loads on demand (electron/services/skills).
 * The format's rules (name, description, compatibility) follow the Agent Skills specification.
 */
export const SKILLS_DEFAULTS = {
  /** Folder in the data folder that holds the skills installed for every conversation. */
  globalFolder: 'skills',
  /** Folder in the data folder with one folder of skills per project id. */
  projectFolder: 'project-skills',
  /** A workspace's own skills, read when the workspace is set. */
  workspaceFolder: '.skills',
  /** Where other agents keep skills, under the home folder: read only when Settings allows. */
  otherAgentFolders: ['.claude/skills', '.agents/skills'] as readonly string[],
  /** The specification's limits. */
  maxNameChars: 64,
  maxDescriptionChars: 1024,
  maxCompatibilityChars: 500,
  /** A SKILL.md past this is refused (the specification asks for under 500 lines; this leaves room). */
  maxSkillFileBytes: 256 * 1024,
  /** A skill's folder, all files together, past this is refused (a zip's declared sizes are checked before anything is written). */
  maxTotalBytes: 8 * 1024 * 1024,
  maxFiles: 500,
  /** Folder depth inside a skill. */
  maxDepth: 8,
  /** A zip whose entries expand more than this many times their compressed size is refused as a bomb. */
  maxZipRatio: 100,
  /** The prompt's skills section: at most this many skills, each description cut to this many characters. */
  promptMaxSkills: 12,
  promptDescriptionChars: 240,
  /**
   * A zip picked in the window travels as base64 in one message: the web host takes frames of up to
   * 1 MB, so a larger zip is installed by its path instead.
   */
  maxUploadBytes: 640 * 1024,
  /** A git clone gives up after this long. */
  gitCloneTimeoutMs: 120_000,
  /** An install preview not confirmed within this long is dropped with its staged files. */
  previewTtlMs: 30 * 60_000,
  /** Files whose names end so, or that are under scripts/, are listed as scripts in a preview. */
  scriptExtensions: ['.sh', '.bash', '.py', '.js', '.mjs', '.cjs', '.ts', '.rb', '.pl', '.ps1', '.bat', '.cmd'] as readonly string[],
} as const;
