/** Defaults of the renderer's store. Candidates for shared/constants.ts (DEFAULTS). */
export const STORE_DEFAULTS = {
  /** localStorage key that remembers whether the tool-stack panel is collapsed. */
  panelCollapsedKey: 'taco.stackPanelCollapsed',
  /** Error notices kept on screen at once; older ones drop off. */
  maxNotices: 3,
} as const;
