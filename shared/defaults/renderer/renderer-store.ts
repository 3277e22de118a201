/** The renderer's store. */
export const RENDERER_STORE_DEFAULTS = {
  /**
   * localStorage key that remembers the user's choice for the tool-stack panel ("true" collapsed,
   * "false" open). Without a choice the panel opens while the conversation has tool frames and
   * stays a thin rail while it has none.
   */
  panelCollapsedKey: 'taco.stackPanelCollapsed',
  /** localStorage key of the composer's half-typed messages, one per conversation (kept across reloads). */
  draftsKey: 'taco.composerDrafts',
  /** Drafts remembered at most (the oldest written go first), and the characters kept of each. */
  maxDrafts: 50,
  maxDraftChars: 20_000,
  /** Error notices kept on screen at once; older ones drop off. */
  maxNotices: 3,
} as const;
