/**
 * Weights that make the tiny random model call a tool once and then answer in a word, whatever the
 * sampler draws: the shape an end-to-end run needs (a call, its result, an answer that ends).
 *
 * Three residual dimensions are kept for it (nothing else writes them):
 * - MARK: set in the embedding of the call-opening token only. It is in the prompt once the
 *   history holds a call (the template writes the call back with that opening), never before.
 * - SEEN: layer 0's head 0 attends only to MARK (its query reads the constant dimension 0, its key
 *   MARK, unrotated: the RoPE base is raised so the head's last pair barely turns over the context)
 *   and writes what it finds here. With SEEN set the call opening is ruled out and the end of turn
 *   wins at every token...
 * - NEWLINE: ...except right after a newline (the prompt ends `<|im_start|>assistant\n`), where the
 *   end of turn is ruled out: the answer is at least one token.
 */
export const ANSWER_AFTER_CALL_ROPE_BASE = 1e9;

const NEWLINE_TOKEN = 0x0a;
const HEAD_DIM = 16;
/** Head 0's last RoPE pair: the dimension its query and key meet in. */
const MEET = HEAD_DIM - 2;

export interface TinyWeights {
  nEmbd: number;
  nFf: number;
  embedding: Float32Array;
  output: Float32Array;
  /** Per layer. Matrices are [out][in], `in` fastest, as the GGUF holds them. */
  layers: Array<{ q: Float32Array; k: Float32Array; v: Float32Array; o: Float32Array; down: Float32Array }>;
  eos: number;
  callOpening: number;
}

export function shapeAnswerAfterCall(w: TinyWeights): void {
  const { nEmbd, nFf } = w;
  const MARK = nEmbd - 1;
  const SEEN = nEmbd - 2;
  const NEWLINE = nEmbd - 3;
  const kept = [MARK, SEEN, NEWLINE];
  const vocab = w.embedding.length / nEmbd;
  for (let t = 0; t < vocab; t++)
    for (const dim of kept) {
      w.embedding[t * nEmbd + dim] = 0;
      w.output[t * nEmbd + dim] = 0;
    }
  w.embedding[w.callOpening * nEmbd + MARK] = 8;
  w.embedding[NEWLINE_TOKEN * nEmbd + NEWLINE] = 8;
  for (const layer of w.layers)
    for (const dim of kept) {
      layer.o.fill(0, dim * nEmbd, (dim + 1) * nEmbd);
      layer.down.fill(0, dim * nFf, (dim + 1) * nFf);
    }
  const first = w.layers[0];
  if (!first) throw new Error('the tiny model has no layers');
  // Head 0 of layer 0 looks for MARK and nothing else.
  for (const matrix of [first.q, first.k, first.v]) matrix.fill(0, 0, HEAD_DIM * nEmbd);
  first.q[MEET * nEmbd + 0] = 3;
  first.k[MEET * nEmbd + MARK] = 3;
  first.v[MEET * nEmbd + MARK] = 1;
  for (let out = 0; out < nEmbd; out++) first.o[out * nEmbd + MEET] = 0;
  first.o[SEEN * nEmbd + MEET] = 1;
  // After a call: no second call, and the turn ends, but never right after a newline.
  w.output[w.callOpening * nEmbd + SEEN] = -20;
  w.output[w.eos * nEmbd + SEEN] = 3;
  w.output[w.eos * nEmbd + NEWLINE] = -10;
}
