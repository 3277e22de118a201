import { writeFileSync } from 'node:fs';
import { ANSWER_AFTER_CALL_ROPE_BASE, shapeAnswerAfterCall } from './answer-after-call';
import { QWEN25_TOOL_TEMPLATE } from './qwen25-tool-template';
import { byteChars, learnMerges } from './tiny-bpe';

/**
 * Writes a tiny llama-architecture GGUF (v3, F32) with random weights: a byte-level GPT-2 vocab
 * (256 byte tokens and a few hundred merges learnt from a sample, tiny-bpe.ts) plus `<|endoftext|>`, ChatML's `<|im_start|>`/`<|im_end|>` and
 * `<tool_call>`/`</tool_call>`, and Qwen2.5's tool chat template. llama.cpp loads it as a real
 * model, so tokenization, the chat template, grammars and cancelling are the engine's own; what
 * the model says is noise. Hidden dimension 0 is constant after the final norm, so a token's
 * output weight in that dimension works as a fixed logit bias: that is how `eosBias` (how soon
 * `<|im_end|>` ends a reply) and `toolCallBias` (how likely a reply opens with `<tool_call>`) steer it.
 */
export interface TinyGgufOptions {
  /** One tool call, then a one-token answer that ends the turn, whatever is sampled (answer-after-call.ts; use with a high toolCallBias). */
  answerAfterCall?: boolean;
  /** Logit bias of `<|im_end|>`: high ends replies early, very low (-6) never ends them (default 1.3: a few dozen to a few hundred characters). */
  eosBias?: number;
  /** Logit bias of the call opening `<tool_call>\n{"name": "` (default -6: almost never; 12: the reply opens with a call). */
  toolCallBias?: number;
  /** Logit bias of `"`, so strings a grammar opens end after a few characters (default 1). */
  quoteBias?: number;
  /** The context the model says it was trained with (default 4096). */
  contextLength?: number;
  seed?: number;
}

/** The width of every vector the tiny model embeds to (its `llama.embedding_length`). */
export const TINY_GGUF_EMBEDDING_LENGTH = 64;
const N_EMBD = TINY_GGUF_EMBEDDING_LENGTH;
const N_HEAD = 4;
const N_FF = 128;
const N_LAYER = 2;
const ALIGNMENT = 32;
/** Byte-pair merges learnt at write time (tiny-bpe.ts): fewer tokens per prompt, so TACO's own prompts fit and run fast. */
const MERGES = 400;
const EXTRA_TOKENS = [
  ['<|endoftext|>', 3],
  ['<|im_start|>', 3],
  ['<|im_end|>', 3],
  ['<tool_call>', 4],
  ['</tool_call>', 4],
  // The whole opening of a native call as one token, so a random model can "decide" to call a tool
  // (the engine spots the opening and its grammar writes the name and arguments).
  ['<tool_call>\n{"name": "', 4],
] as const;
export const TINY_GGUF_EOS_ID = 258;

const enum Kv {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  Bool = 7,
  Str = 8,
  Arr = 9,
}

class ByteWriter {
  private chunks: Buffer[] = [];
  size = 0;
  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.size += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  str(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.size % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type KvValue =
  | { type: Kv.U32 | Kv.I32 | Kv.F32 | Kv.Bool | Kv.Str; value: number | boolean | string }
  | { type: Kv.Arr; of: Kv.Str | Kv.I32; values: (string | number)[] };

function writeScalar(w: ByteWriter, type: Kv, value: number | boolean | string): void {
  if (type === Kv.Str) return w.str(String(value));
  const b = Buffer.alloc(type === Kv.Bool ? 1 : 4);
  if (type === Kv.U32) b.writeUInt32LE(Number(value));
  else if (type === Kv.I32) b.writeInt32LE(Number(value));
  else if (type === Kv.F32) b.writeFloatLE(Number(value));
  else b.writeUInt8(value ? 1 : 0);
  w.push(b);
}

/** A seeded normal generator (mulberry32 + Box–Muller), so a seed always gives the same model. */
function normals(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

/** The GGUF bytes of a tiny model; `writeTinyGguf` puts them in a file. */
export function tinyGgufBytes(options: TinyGgufOptions = {}): Buffer {
  const normal = normals(options.seed ?? 1234);
  const learnt = learnMerges(MERGES);
  const tokens = [...byteChars(), ...EXTRA_TOKENS.map(([text]) => text), ...learnt.tokens];
  const types = [...Array<number>(256).fill(1), ...EXTRA_TOKENS.map(([, type]) => type), ...learnt.tokens.map(() => 1)];
  const nVocab = tokens.length;
  const random = (count: number, scale: number): Float32Array => Float32Array.from({ length: count }, () => normal() * scale);
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);

  const embedding = random(nVocab * N_EMBD, 0.5);
  for (let t = 0; t < nVocab; t++) embedding[t * N_EMBD] = 4; // the constant direction every token carries
  const output = random(nVocab * N_EMBD, 0.6);
  const bias = (token: number, value: number): void => {
    output.fill(0, token * N_EMBD, (token + 1) * N_EMBD);
    output[token * N_EMBD] = value;
  };
  for (let b = 0; b < 256; b++) output[b * N_EMBD] = b < 0x20 || b > 0x7e ? -6 : 0; // printable ASCII only, none favoured
  for (let t = 256 + EXTRA_TOKENS.length; t < nVocab; t++) output[t * N_EMBD] = 0; // merged words: printable too
  output[0x22 * N_EMBD] = options.quoteBias ?? 1; // `"`: closes the strings a grammar opens
  bias(256, -6); // <|endoftext|>
  bias(257, -6); // <|im_start|>
  bias(TINY_GGUF_EOS_ID, options.eosBias ?? 1.3);
  bias(259, -6); // <tool_call>
  bias(260, -6); // </tool_call>
  bias(261, options.toolCallBias ?? -6); // <tool_call>\n{"name": "

  // Tensors as [name, dims (fastest first), data].
  const tensors: [string, number[], Float32Array][] = [
    ['token_embd.weight', [N_EMBD, nVocab], embedding],
    ['output_norm.weight', [N_EMBD], ones(N_EMBD)],
    ['output.weight', [N_EMBD, nVocab], output],
  ];
  for (let i = 0; i < N_LAYER; i++) {
    tensors.push(
      [`blk.${i}.attn_norm.weight`, [N_EMBD], ones(N_EMBD)],
      [`blk.${i}.attn_q.weight`, [N_EMBD, N_EMBD], random(N_EMBD * N_EMBD, 0.1)],
      [`blk.${i}.attn_k.weight`, [N_EMBD, N_EMBD], random(N_EMBD * N_EMBD, 0.1)],
      [`blk.${i}.attn_v.weight`, [N_EMBD, N_EMBD], random(N_EMBD * N_EMBD, 0.1)],
      [`blk.${i}.attn_output.weight`, [N_EMBD, N_EMBD], random(N_EMBD * N_EMBD, 0.05)],
      [`blk.${i}.ffn_norm.weight`, [N_EMBD], ones(N_EMBD)],
      [`blk.${i}.ffn_gate.weight`, [N_EMBD, N_FF], random(N_FF * N_EMBD, 0.1)],
      [`blk.${i}.ffn_up.weight`, [N_EMBD, N_FF], random(N_FF * N_EMBD, 0.1)],
      [`blk.${i}.ffn_down.weight`, [N_FF, N_EMBD], random(N_EMBD * N_FF, 0.05)],
    );
  }

  if (options.answerAfterCall) {
    const named = (name: string): Float32Array => {
      const found = tensors.find(([tensor]) => tensor === name);
      if (!found) throw new Error(`no tensor ${name}`);
      return found[2];
    };
    shapeAnswerAfterCall({
      nEmbd: N_EMBD,
      nFf: N_FF,
      embedding,
      output,
      layers: Array.from({ length: N_LAYER }, (_, i) => ({
        q: named(`blk.${i}.attn_q.weight`),
        k: named(`blk.${i}.attn_k.weight`),
        v: named(`blk.${i}.attn_v.weight`),
        o: named(`blk.${i}.attn_output.weight`),
        down: named(`blk.${i}.ffn_down.weight`),
      })),
      eos: TINY_GGUF_EOS_ID,
      callOpening: 261,
    });
  }

  const kv: [string, KvValue][] = [
    ['general.architecture', { type: Kv.Str, value: 'llama' }],
    ['general.name', { type: Kv.Str, value: 'tiny-random-chatml' }],
    ['general.file_type', { type: Kv.U32, value: 0 }],
    ['llama.context_length', { type: Kv.U32, value: options.contextLength ?? 4096 }],
    ['llama.embedding_length', { type: Kv.U32, value: N_EMBD }],
    ['llama.block_count', { type: Kv.U32, value: N_LAYER }],
    ['llama.feed_forward_length', { type: Kv.U32, value: N_FF }],
    ['llama.attention.head_count', { type: Kv.U32, value: N_HEAD }],
    ['llama.attention.head_count_kv', { type: Kv.U32, value: N_HEAD }],
    ['llama.attention.layer_norm_rms_epsilon', { type: Kv.F32, value: 1e-5 }],
    ['llama.rope.dimension_count', { type: Kv.U32, value: N_EMBD / N_HEAD }],
    ['llama.rope.freq_base', { type: Kv.F32, value: options.answerAfterCall ? ANSWER_AFTER_CALL_ROPE_BASE : 10000 }],
    ['llama.vocab_size', { type: Kv.U32, value: nVocab }],
    ['tokenizer.ggml.model', { type: Kv.Str, value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: Kv.Str, value: 'gpt-2' }],
    ['tokenizer.ggml.tokens', { type: Kv.Arr, of: Kv.Str, values: tokens }],
    ['tokenizer.ggml.token_type', { type: Kv.Arr, of: Kv.I32, values: types }],
    ['tokenizer.ggml.merges', { type: Kv.Arr, of: Kv.Str, values: learnt.merges }],
    ['tokenizer.ggml.bos_token_id', { type: Kv.U32, value: 256 }],
    ['tokenizer.ggml.eos_token_id', { type: Kv.U32, value: TINY_GGUF_EOS_ID }],
    ['tokenizer.ggml.eot_token_id', { type: Kv.U32, value: TINY_GGUF_EOS_ID }],
    ['tokenizer.ggml.padding_token_id', { type: Kv.U32, value: 256 }],
    ['tokenizer.ggml.add_bos_token', { type: Kv.Bool, value: false }],
    ['tokenizer.chat_template', { type: Kv.Str, value: QWEN25_TOOL_TEMPLATE }],
  ];

  const w = new ByteWriter();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, entry] of kv) {
    w.str(key);
    w.u32(entry.type);
    if (entry.type !== Kv.Arr) writeScalar(w, entry.type, entry.value);
    else {
      w.u32(entry.of);
      w.u64(entry.values.length);
      for (const value of entry.values) writeScalar(w, entry.of, value);
    }
  }
  let offset = 0;
  for (const [name, dims, data] of tensors) {
    w.str(name);
    w.u32(dims.length);
    for (const dim of dims) w.u64(dim);
    w.u32(0); // F32
    w.u64(offset);
    offset += Math.ceil((data.length * 4) / ALIGNMENT) * ALIGNMENT;
  }
  w.pad();
  for (const [, , data] of tensors) {
    w.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    w.pad();
  }
  return w.bytes();
}

/** Writes a tiny model to `file` (about 470 KB) and returns the path. */
export function writeTinyGguf(file: string, options: TinyGgufOptions = {}): string {
  writeFileSync(file, tinyGgufBytes(options));
  return file;
}
