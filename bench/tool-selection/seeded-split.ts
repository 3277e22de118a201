/**
 * The train/test split of a batch of labelled requests, decided by chance, not by hand: a request
 * is held out when the FNV-1a hash of the seed and its text is odd. Each request's half depends on
 * its own text only, so adding requests never moves the others.
 */
export const SPLIT_SEED = 'issue-34';

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function isHeldOut(request: string, seed = SPLIT_SEED): boolean {
  return fnv1a(`${seed}:${request}`) % 2 === 1;
}
