/** DEFAULTS.workflows (see shared/constants.ts). */
export const WORKFLOWS_DEFAULTS = {
  /** Longest text a workflow step's output summary carries in a `workflow-step` event. */
  stepSummaryChars: 400,
  /** Longest value the user's message of a run shows for one input ("Summarise a file (File: notes.txt)"); longer ones are cut. */
  requestValueChars: 80,
  /** A prompt step's tool rounds when its definition sets none. */
  defaultStepMaxIterations: 6,
  /** The most steps and params a workflow definition may have. */
  maxSteps: 12,
  maxParams: 16,
  /** How long a confirm step waits for the user before it counts as declined (ms). */
  confirmTimeoutMs: 30 * 60 * 1000,
  /** Longest free text `workflows.extractParams` reads, and the side request's time limit. */
  maxExtractChars: 4000,
  extractTimeoutMs: 60_000,
  /** Entries a file/folder picker lists (workflows.listEntries). */
  pickerMaxEntries: 500,
  /** A user workflow file larger than this is reported, not parsed (bytes). */
  maxFileBytes: 256 * 1024,
} as const;
