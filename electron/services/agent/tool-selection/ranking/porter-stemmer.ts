/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as published at
 * https://tartarus.org/martin/PorterStemmer/: "multiplied" and "multiply" both become "multipli",
 * "creation" and "created" both "creat". Lower-case ASCII words only; anything else is returned as is.
 */
export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  w = step4(w);
  return step5(w);
}

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1);
  return true;
}

/** m in [C](VC){m}[V]: how many vowel-consonant sequences the stem has. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i += 1;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i += 1;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i += 1;
    m += 1;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i += 1) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  const last = w[n - 1] as string;
  return isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(last);
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  for (const suffix of ['ed', 'ing']) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (!hasVowel(stem)) return w;
    if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
    if (endsDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
    if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
    return stem;
  }
  return w;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? `${w.slice(0, -1)}i` : w;
}

const STEP2: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

/** The longest listed suffix the word ends with is replaced when the stem before it measures more than `minMeasure`. */
function replaceSuffix(w: string, rules: readonly (readonly [string, string])[], minMeasure: number): string {
  let best: readonly [string, string] | undefined;
  for (const rule of rules) if (w.endsWith(rule[0]) && (!best || rule[0].length > best[0].length)) best = rule;
  if (!best) return w;
  const stem = w.slice(0, -best[0].length);
  return measure(stem) > minMeasure ? stem + best[1] : w;
}

const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function step4(w: string): string {
  let best = '';
  for (const suffix of STEP4) if (w.endsWith(suffix) && suffix.length > best.length) best = suffix;
  if (!best) return w;
  const stem = w.slice(0, -best.length);
  if (measure(stem) <= 1) return w;
  if (best === 'ion' && !/[st]$/.test(stem)) return w;
  return stem;
}

function step5(w: string): string {
  let out = w;
  if (out.endsWith('e')) {
    const stem = out.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) out = stem;
  }
  if (measure(out) > 1 && endsDoubleConsonant(out) && out.endsWith('l')) out = out.slice(0, -1);
  return out;
}
