/** The renderer's adaptive layout (renderer/src/styles/responsive.css uses the same width). */
export const RENDERER_LAYOUT_DEFAULTS = {
  /**
   * Below this width the conversation sidebar becomes a rail with a drawer, and the tool-stack
   * panel a rail whose details open over the chat, so the chat column keeps ≥ 480 px at 800 px.
   */
  narrowQuery: '(max-width: 999px)',
  /**
   * Below this width an open artifact pane takes the sidebar's place: the sidebar becomes the
   * rail with its drawer, so chat, artifact and tool stack fit (the composer keeps ≥ 320 px at 1000 px).
   */
  crowdedByArtifactQuery: '(max-width: 1439px)',
} as const;
