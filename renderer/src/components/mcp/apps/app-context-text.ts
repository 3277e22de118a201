/**
 * The text of an app's `ui/update-model-context`: its text blocks, then its structured content as
 * JSON. Other blocks (images, audio) are named, not forwarded: the model gets words only.
 */
export function appContextText(params: { content?: unknown; structuredContent?: unknown }): string {
  const parts: string[] = [];
  const blocks = Array.isArray(params.content) ? params.content : [];
  for (const block of blocks) {
    if (typeof block !== 'object' || block === null) continue;
    const record = block as Record<string, unknown>;
    if (record['type'] === 'text' && typeof record['text'] === 'string') parts.push(record['text']);
    else if (typeof record['type'] === 'string') parts.push(`[${record['type']} content]`);
  }
  if (params.structuredContent !== undefined) parts.push(JSON.stringify(params.structuredContent));
  return parts.join('\n');
}
