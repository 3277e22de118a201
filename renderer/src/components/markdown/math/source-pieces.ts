/**
 * A long refused formula's source cut into pieces of at most `maxChars` characters, each cut after
 * the last space in the piece's second half (so a token is not split where that can be avoided).
 * Joined, the pieces are the source again. Each piece is a block of its own in the bounded source
 * box that the browser lays out only when it is scrolled into view (`content-visibility: auto`
 * in `markdown.css`): an 84 KB source laid out whole was ~40–80 ms every time its row was.
 */
export function sourcePieces(source: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (source.length - start > maxChars) {
    const window = source.slice(start, start + maxChars);
    const space = window.lastIndexOf(' ');
    const end = space >= maxChars / 2 ? start + space + 1 : start + maxChars;
    pieces.push(source.slice(start, end));
    start = end;
  }
  pieces.push(source.slice(start));
  return pieces;
}
