import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { DEFAULTS } from '../../../../../shared/constants';
import { findWordPrefix } from './search-text';

/**
 * The start of a conversation's search text, as much of it as its snippet needs: read in chunks
 * until one of `tokens` is found with a snippet's length of text after it (or the file ends).
 * A hit's snippet is then exactly the one the whole text gives (`hitFor` in search-docs.ts looks
 * at most `searchSnippetChars` past the match), while a search over a long history reads a few
 * kilobytes per hit instead of every hit's whole text. A missing file reads as ''.
 */
export async function readForSnippet(
  file: string,
  tokens: readonly string[],
  chunkBytes: number = DEFAULTS.store.searchSnippetReadBytes,
): Promise<string> {
  const handle = await open(file, 'r').catch(() => null);
  if (handle === null) return '';
  try {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.alloc(chunkBytes);
    let text = '';
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) return text + decoder.end();
      text += decoder.write(buffer.subarray(0, bytesRead));
      if (enoughFor(text, tokens)) return text;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Whether more text cannot change the hit: `hitFor` takes the first of `tokens` that the whole
 * text holds, so only the first token can end the reading early (a later one found now may lose
 * to the first further on), and only with more than a snippet's length of text after it.
 */
function enoughFor(text: string, tokens: readonly string[]): boolean {
  const first = tokens[0];
  // No word to look for: the snippet is the text's start.
  if (first === undefined) return 2 * DEFAULTS.store.searchSnippetChars < text.length;
  const index = findWordPrefix(text, first);
  return index !== -1 && index + first.length + 2 * DEFAULTS.store.searchSnippetChars < text.length;
}
