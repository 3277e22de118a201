import { DEFAULTS } from '../../../../../shared/constants';

const ASCII = /^[\x00-\x7f]*$/;
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TOKEN_CHARS = 64;
const folded = new Map<string, string>();

/**
 * Lower case without accents ("Café" → "cafe"), one UTF-16 unit for one: a position in the
 * folded text is the same position in the original, so snippets can be cut from the original.
 * A character whose folding would change its length (a Hangul syllable) is only lower-cased, or
 * kept as it is.
 */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  let out = '';
  for (const char of text) out += foldChar(char);
  return out;
}

function foldChar(char: string): string {
  const cached = folded.get(char);
  if (cached !== undefined) return cached;
  let result = char
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  if (result.length !== char.length) result = char.toLowerCase();
  if (result.length !== char.length) result = char;
  if (folded.size < 10_000) folded.set(char, result);
  return result;
}

/** The words of a text, folded: letters and digits, in any script. */
export function tokenize(text: string): string[] {
  return (foldText(text).match(WORD) ?? []).map((word) => word.slice(0, MAX_TOKEN_CHARS));
}

/** The distinct words of a query, at most DEFAULTS.store.searchMaxQueryWords. */
export function queryTokens(query: string): string[] {
  return [...new Set(tokenize(query))].slice(0, DEFAULTS.store.searchMaxQueryWords);
}

/** Where a word starting with `token` first occurs in `text`, or -1. */
export function findWordPrefix(text: string, token: string): number {
  const haystack = foldText(text);
  let from = 0;
  for (;;) {
    const index = haystack.indexOf(token, from);
    if (index === -1) return -1;
    if (index === 0 || !isWordChar(haystack, index - 1)) return index;
    from = index + 1;
  }
}

function isWordChar(text: string, index: number): boolean {
  const code = text.codePointAt(index);
  if (code === undefined) return false;
  // A low surrogate: look at the whole character.
  if (code >= 0xdc00 && code <= 0xdfff && index > 0) return isWordChar(text, index - 1);
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(code));
}

/** A short plain-text piece of `text` around `index`, on one line, with … where it was cut. */
export function snippetAround(text: string, index: number, size: number = DEFAULTS.store.searchSnippetChars): string {
  const lead = Math.floor(size / 3);
  let start = Math.max(0, index - lead);
  if (start > 0) {
    // Start at a word, not in the middle of one.
    const space = text.indexOf(' ', start - 1);
    if (space !== -1 && space < index) start = space + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > index) end = space;
  }
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
