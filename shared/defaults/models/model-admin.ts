/** Pull, delete and unload (electron/services/provider/model-admin). */
export const MODEL_ADMIN_DEFAULTS = {
  /** Deleting or unloading a model gives up after this long. */
  adminTimeoutMs: 30_000,
  /** The version check (Settings → Test) gives up after this long. */
  versionTimeoutMs: 5000,
} as const;
