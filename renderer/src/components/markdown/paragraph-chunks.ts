/**
 * Cuts a growing one-line paragraph into closed pieces, so a streaming answer that is one long
 * paragraph re-parses only its short open end instead of the whole paragraph on every batch.
 *
 * A cut goes at a run of spaces followed by a letter, and only when the piece before it is
 * *closed*: once its code spans, links and emphasis are taken out, no character that could pair
 * with later text (`* _ ~ \` [ ] < \\`) is left. A closed piece parses the same alone as inside the
 * whole paragraph, and a piece that starts with a letter can only be paragraph text. Anything else
 * (a paragraph over several lines, one that does not start with a letter) is not cut. Cuts depend
 * only on the text before them, so the pieces found stay the same as the paragraph grows.
 */

export interface ParagraphChunks {
  /** The closed pieces, in order; each is followed by the spaces in `gaps` at the same index. */
  closed: string[];
  gaps: string[];
  /** The open end (re-parsed as it grows). */
  tail: string;
}

/** A piece is not cut shorter than this (cuts are tried at most this often). */
export const MIN_CHUNK_CHARS = 400;
/** Past this, a piece that will not close is left to grow (the paragraph is parsed as before). */
const MAX_CLOSING_CHARS = 8000;

const CANDIDATE = /[ \t]+(?=\p{L})/gu;
const LINK = /!?\[[^[\]\\`<*_~\n]*\]\([^()\s\\<>`]*\)/g;
const EMPHASIS = /(?<![\p{L}\p{N}])(\*\*\*|\*\*|\*|___|__|_|~~|~)(?=[\p{L}\p{N}])[^*_~`[\]<\\\n]*?(?<=[\p{L}\p{N}])\1(?![\p{L}\p{N}])/gu;
const INTRAWORD_UNDERSCORE = /(?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}])/gu;
const LOOSE = /[*_~`[\]<\\]/;

/** Characters that can begin inline markdown (or are changed by the parser, or are maths); without them, text is just text. */
const INLINE_SYNTAX = /[\\&`*_~!\[\]<@\r\0]|\$\$|www\.|https?:|mailto:|xmpp:/i;

/**
 * True when `piece` (one line, no leading or trailing spaces) parses to nothing but its own text:
 * no escapes, entities, code, emphasis, strikethrough, links, images, HTML, autolinks or `$$`.
 */
export function isPlainText(piece: string): boolean {
  return !INLINE_SYNTAX.test(piece);
}

/**
 * The text of a block that is one line of paragraph text with no markdown in it (what its `<p>`
 * holds: without the blank lines before it or the spaces after it), or null for any other block.
 */
export function plainParagraph(block: string): string | null {
  const text = block.replace(/^\n+/, '').replace(/[ \t\n]+$/, '');
  return cuttable(text) && isPlainText(text) ? text : null;
}

/** True when `piece` leaves nothing open that later text could close. */
export function isClosedPiece(piece: string): boolean {
  if (!LOOSE.test(piece)) return true;
  let rest = withoutCodeSpans(piece);
  let before: string;
  do {
    before = rest;
    rest = rest.replace(LINK, ' ').replace(EMPHASIS, ' ');
  } while (rest !== before);
  return !LOOSE.test(rest.replace(INTRAWORD_UNDERSCORE, ''));
}

/** Each code span (a run of backticks up to the next run of the same length) becomes a space. */
function withoutCodeSpans(text: string): string {
  const runs = [...text.matchAll(/`+/g)].map((run) => ({ at: run.index, end: run.index + run[0].length }));
  let out = '';
  let copied = 0;
  let index = 0;
  while (index < runs.length) {
    const open = runs[index];
    const closeAt = open ? runs.findIndex((run, later) => later > index && run.end - run.at === open.end - open.at) : -1;
    const close = runs[closeAt];
    if (!open || !close) {
      index += 1;
      continue;
    }
    out += `${text.slice(copied, open.at)} `;
    copied = close.end;
    index = closeAt + 1;
  }
  return out + text.slice(copied);
}

/** A block that may be cut: one line of paragraph text (after the blank lines kept before it). */
function cuttable(text: string): boolean {
  return !text.includes('\n') && /^\p{L}/u.test(text);
}

/**
 * The pieces of `block` (a markdown block as `splitBlocks` gives it), or null when it is not one
 * long line of paragraph text. `previous`, the answer for an earlier, shorter text of the same
 * block, lets the search start where it stopped.
 */
export function chunkParagraph(block: string, previous: { block: string; chunks: ParagraphChunks } | null = null): ParagraphChunks | null {
  const lead = /^\n*/.exec(block)?.[0].length ?? 0;
  const text = block.slice(lead);
  if (text.length < 2 * MIN_CHUNK_CHARS || !cuttable(text)) return null;
  const reuse = previous && block.startsWith(previous.block) ? previous.chunks : null;
  const closed = reuse ? [...reuse.closed] : [];
  const gaps = reuse ? [...reuse.gaps] : [];
  // Where the previous answer's open end began: the search goes on from there.
  let start = reuse && previous ? Math.max(0, previous.block.length - lead - reuse.tail.length) : 0;
  CANDIDATE.lastIndex = start + MIN_CHUNK_CHARS;
  for (let match = CANDIDATE.exec(text); match; match = CANDIDATE.exec(text)) {
    if (match.index - start > MAX_CLOSING_CHARS) break;
    const piece = text.slice(start, match.index);
    if (isClosedPiece(piece)) {
      closed.push(piece);
      gaps.push(match[0]);
      start = match.index + match[0].length;
      CANDIDATE.lastIndex = start + MIN_CHUNK_CHARS;
    } else {
      // Not closed here: try again a while later (not at every word).
      CANDIDATE.lastIndex = match.index + MIN_CHUNK_CHARS;
    }
  }
  if (closed.length === 0) return null;
  return { closed, gaps, tail: text.slice(start) };
}

/** `chunkParagraph` that remembers its last answer, for one growing block. */
export function createParagraphChunker(): (block: string) => ParagraphChunks | null {
  let previous: { block: string; chunks: ParagraphChunks } | null = null;
  return (block) => {
    const chunks = chunkParagraph(block, previous);
    previous = chunks ? { block, chunks } : null;
    return chunks;
  };
}
