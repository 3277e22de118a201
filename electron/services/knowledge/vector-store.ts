/**
 * Where chunk vectors live and are searched. The in-process store keeps them in one growing
 * Float32Array (unit length, so cosine is a dot product) and scans it: measured against LanceDB
 * and PGlite in `bench/knowledge/store-comparison.ts` (ARCHITECTURE.md, "Knowledge folders").
 */
export interface VectorStore {
  readonly dimensions: number | null;
  readonly size: number;
  put(id: number, vector: ArrayLike<number>): void;
  delete(id: number): void;
  has(id: number): boolean;
  /** The `k` nearest ids by cosine, best first. */
  nearest(vector: ArrayLike<number>, k: number): Array<{ id: number; score: number }>;
  clear(): void;
  /** The ids and their unit vectors, slot by slot (what the persisted index writes). */
  snapshot(): VectorSnapshot;
  /** Replaces the contents with a snapshot (its vectors are taken as they are: unit length). */
  restore(snapshot: VectorSnapshot): void;
}

/** `data` holds `ids.length` vectors of one width back to back, in the order of `ids`. */
export interface VectorSnapshot {
  ids: number[];
  data: Float32Array;
}

export function createInProcessVectorStore(): VectorStore {
  let dimensions: number | null = null;
  let data = new Float32Array(0);
  let ids: number[] = [];
  const slotOf = new Map<number, number>();

  const grow = (needed: number): void => {
    if (needed <= data.length) return;
    const next = new Float32Array(Math.max(needed, data.length * 2));
    next.set(data);
    data = next;
  };

  return {
    get dimensions() {
      return dimensions;
    },
    get size() {
      return ids.length;
    },
    put(id, vector) {
      if (dimensions === null) dimensions = vector.length;
      if (vector.length !== dimensions) throw new Error(`a vector of ${vector.length} dimensions in a store of ${dimensions}`);
      const unit = normalised(vector);
      let slot = slotOf.get(id);
      if (slot === undefined) {
        slot = ids.length;
        ids.push(id);
        slotOf.set(id, slot);
        grow((slot + 1) * dimensions);
      }
      data.set(unit, slot * dimensions);
    },
    delete(id) {
      const slot = slotOf.get(id);
      if (slot === undefined || dimensions === null) return;
      const last = ids.length - 1;
      if (slot !== last) {
        data.copyWithin(slot * dimensions, last * dimensions, (last + 1) * dimensions);
        const moved = ids[last]!;
        ids[slot] = moved;
        slotOf.set(moved, slot);
      }
      ids.pop();
      slotOf.delete(id);
    },
    has: (id) => slotOf.has(id),
    nearest(vector, k) {
      if (dimensions === null || vector.length !== dimensions || k <= 0) return [];
      const query = normalised(vector);
      const width = dimensions;
      const values = data;
      const count = ids.length;
      // The best k so far, worst last; a score enters only when it beats the worst.
      const best: Array<{ slot: number; score: number }> = [];
      let floor = -Infinity;
      for (let slot = 0; slot < count; slot += 1) {
        let dot = 0;
        const base = slot * width;
        for (let i = 0; i < width; i += 1) dot += query[i]! * values[base + i]!;
        if (best.length === k && dot <= floor) continue;
        let at = best.length;
        while (at > 0 && best[at - 1]!.score < dot) at -= 1;
        best.splice(at, 0, { slot, score: dot });
        if (best.length > k) best.pop();
        floor = best[best.length - 1]!.score;
      }
      return best.map((hit) => ({ id: ids[hit.slot]!, score: hit.score }));
    },
    clear() {
      dimensions = null;
      data = new Float32Array(0);
      ids = [];
      slotOf.clear();
    },
    snapshot() {
      return { ids: [...ids], data: data.slice(0, ids.length * (dimensions ?? 0)) };
    },
    restore(snapshot) {
      const count = snapshot.ids.length;
      if (count === 0) {
        this.clear();
        return;
      }
      if (snapshot.data.length % count !== 0) throw new Error(`${snapshot.data.length} values do not divide into ${count} vectors`);
      dimensions = snapshot.data.length / count;
      data = snapshot.data.slice();
      ids = [...snapshot.ids];
      slotOf.clear();
      ids.forEach((id, slot) => slotOf.set(id, slot));
    },
  };
}

function normalised(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (let i = 0; i < out.length; i += 1) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i += 1) out[i] = out[i]! / norm;
  return out;
}
