/**
 * Deterministic synthetic embeddings for the store comparison: unit vectors around a few hundred
 * topic centres (real embeddings of a folder cluster by topic; uniform noise would make every
 * approximate index look worse than it is), and query vectors drawn the same way.
 */
export const TOPICS = 256;

function xorshift(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 4294967296) * 2 - 1;
  };
}

function unit(values: Float32Array): Float32Array {
  let norm = 0;
  for (const value of values) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i += 1) values[i] = values[i]! / norm;
  return values;
}

const centres = new Map<number, Float32Array>();

function centre(topic: number, dimensions: number): Float32Array {
  const key = topic * 10_000 + dimensions;
  let found = centres.get(key);
  if (!found) {
    const next = xorshift(7_000_000 + topic);
    found = unit(Float32Array.from({ length: dimensions }, () => next()));
    centres.set(key, found);
  }
  return found;
}

/** The vector of chunk `id`: its topic's centre plus noise of about the same norm. */
export function chunkVector(id: number, dimensions: number): Float32Array {
  const base = centre(id % TOPICS, dimensions);
  const next = xorshift(id + 1);
  const out = new Float32Array(dimensions);
  const noise = 1 / Math.sqrt(dimensions);
  for (let i = 0; i < dimensions; i += 1) out[i] = base[i]! + next() * noise * 1.7;
  return unit(out);
}

/** Query `n`'s vector (drawn like a chunk's, from ids no chunk has). */
export function queryVector(n: number, dimensions: number): Float32Array {
  return chunkVector(50_000_000 + n * 7919, dimensions);
}

const WORDS =
  'garden boiler invoice rose tomato pressure filter budget team travel recipe bread river mountain engine kernel compiler harbour ledger sonata glacier orchard lantern meadow quartz saddle tundra vessel willow yarrow'.split(
    ' ',
  );

/** A chunk's synthetic text for the lexical side (about 120 words over a small vocabulary plus an id word). */
export function chunkText(id: number): string {
  const next = xorshift(id + 13);
  const words = Array.from({ length: 120 }, () => WORDS[Math.floor(((next() + 1) / 2) * WORDS.length) % WORDS.length]);
  return `${words.join(' ')} topic${id % TOPICS}`;
}
