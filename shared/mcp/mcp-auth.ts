/** Whether TACO holds OAuth tokens for an MCP server (Settings: "Sign in" / "Signed in as …" / "Sign out"). */
export interface McpAuthStatus {
  state: 'signed-in' | 'signed-out';
  /** Who the server's ID token names, when it gave one. */
  account: string | null;
  signedInAt: number | null;
}
