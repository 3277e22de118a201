/** One resource a server lists (resources/list), for the composer's "Attach resource". */
export interface McpResourceInfo {
  server: string;
  uri: string;
  name: string;
  description: string;
  mimeType: string | null;
}

/** resources/read, as the renderer shows it: text (cut to the limit) or binary described in words. */
export interface McpResourceContent {
  server: string;
  uri: string;
  mimeType: string | null;
  /** The text of every text part; binary parts are described, never sent. */
  text: string;
  truncated: boolean;
}
