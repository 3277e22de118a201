/**
 * MCP Apps (docs/mcp.md, "MCP Apps"): a tool's `ui://` resource shown in the sandboxed app frame,
 * talking back over the SDK's bridge. Every bound here stops a hostile or broken app.
 */
export const MCP_APPS_DEFAULTS = {
  /** Largest app document main accepts from a server (bytes of its HTML); a bigger one is refused. */
  maxResourceBytes: 2_000_000,
  /** Domains an app may declare per list (connect, resource, frame); a longer list is refused whole. */
  maxDeclaredDomains: 32,
  /** Messages an app's frame may post before its bridge is cut and the frame removed (the renderer counts). */
  bridgeMessageBudget: 500,
  /** Requests an app may make of main (tool calls, context updates, links) before main refuses the rest. */
  callBudget: 60,
  /** Characters of context an app may hand the model's next turn; more is cut. */
  maxContextChars: 4000,
  /** Bytes of a tool result main hands back to an app; a bigger result is an error to the app. */
  maxResultBytes: 1_000_000,
  /** MCP tool calls whose raw results main keeps for their apps to open (the newest). */
  rememberedCalls: 100,
  /** Apps open at once; opening one more forgets the oldest. */
  maxOpenApps: 50,
  /** Height of an app shown inline, and the largest height it may ask for (px). */
  inlineHeightPx: 320,
  maxHeightPx: 1200,
} as const;
