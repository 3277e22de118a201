/** Words that carry no intent in a request ("please show me the ..."): left out of index and query. */
const STOP_WORDS = new Set(
  `a an and are as at be been but by can could do does for from get has have how i if in into is it its me my of on or our please
  should so some that the their them then there these this those to up us was we what when where which who will with would you your
  want need like just also all any`.split(/\s+/),
);

/**
 * MiniSearch's processTerm for tools and queries: lower case, no stop words, and a light suffix
 * trim so "files", "listing" and "listed" meet "file" and "list". Returns null to drop a term.
 */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return trimSuffix(lower);
}

function trimSuffix(word: string): string {
  let stem = word;
  if (stem.length > 5 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && /(sh|ch|x|ss)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !stem.endsWith('ss')) stem = stem.slice(0, -1);
  if (stem.length > 5 && stem.endsWith('ing')) return stem.slice(0, -3);
  if (stem.length > 4 && stem.endsWith('ed')) return stem.slice(0, -2);
  return stem;
}

/**
 * Words people use for the same thing tools name differently (a request says "folder", the tool
 * says "directory"). Only the query is expanded; each group is matched both ways.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['folder', 'directory', 'dir'],
  ['meeting', 'event', 'calendar', 'appointment'],
  ['mail', 'email', 'inbox', 'message'],
  ['ticket', 'issue', 'bug'],
  ['repo', 'repository'],
  ['photo', 'picture', 'image'],
  ['occurrence', 'appear', 'search', 'find', 'grep'],
  ['delete', 'remove'],
  ['rename', 'move'],
  ['chat', 'slack'],
  // Arithmetic in words: a request says "multiplied" or "sum", a calculator says "math expression".
  [
    'math',
    'arithmetic',
    'calculate',
    'compute',
    'multiply',
    'multiplied',
    'product',
    'sum',
    'total',
    'plus',
    'minus',
    'subtract',
    'divide',
    'divided',
    'percent',
    'squared',
  ],
  ['remember', 'remind', 'memory', 'recall', 'jot'],
];

/**
 * Words whose suffix trim would make them another word ("times" → "time", as in the clock): their
 * own synonyms are looked up before the trim, and the trimmed word is kept as well.
 */
const WHOLE_WORD_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map([['times', ['math', 'arithmetic']]]);

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const processed = group.map((word) => processTerm(word)).filter((word): word is string => typeof word === 'string');
  for (const word of processed) SYNONYMS.set(word, processed);
}

/** processTerm for a query: the term and its synonyms. */
export function processQueryTerm(term: string): string[] | null {
  const processed = processTerm(term);
  if (processed === null) return null;
  const whole = WHOLE_WORD_SYNONYMS.get(term.toLowerCase());
  if (whole) return [processed, ...whole.map((word) => processTerm(word) ?? word)];
  return SYNONYMS.get(processed) ?? [processed];
}
