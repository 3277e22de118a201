/** The virtualized conversation list in the sidebar (renderer/src/components/sidebar/ConversationList.tsx). */
export const SIDEBAR_LIST_DEFAULTS = {
  /** Headers and rows drawn beyond each edge of the visible area. */
  overscan: 8,
  /** Heights (px) assumed until an item is drawn and measured: a row with a model or badge line, one without, a label, a project header. */
  rowWithMetaEstimatePx: 54,
  rowEstimatePx: 39,
  labelEstimatePx: 20,
  projectHeaderEstimatePx: 34,
} as const;
