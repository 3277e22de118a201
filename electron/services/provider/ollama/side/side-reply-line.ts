import { withoutThinkBlocks } from '../../without-think-blocks';

/**
 * The first non-empty line of a short side reply (status sentence, title), with any
 * `<think>…</think>` a reasoning model put before it removed; null when there is none.
 */
export function firstReplyLine(raw: string): string | null {
  const line = withoutThinkBlocks(raw)
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part.length > 0);
  return line ?? null;
}
