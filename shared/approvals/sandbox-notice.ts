/**
 * What the OS sandbox lets a command or an MCP server do, as main words it (electron/sandbox/):
 * shown on approval cards and in Settings → MCP. `sandboxed: false` is drawn as a warning.
 */
export interface SandboxNotice {
  sandboxed: boolean;
  /** "Can change only your workspace · no network · sees …", or NO_SANDBOX_WORDS and the reason. */
  text: string;
}

/** Said on every card where no sandbox exists: never silently unsandboxed. */
export const NO_SANDBOX_WORDS = 'Runs with your full rights — no sandbox on this system';
