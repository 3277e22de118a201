/**
 * The smallest valid GGUF bytes for header checks: magic, version 3, zero tensors and a few metadata
 * values (an architecture with the keys the fit estimate reads, and one string array). Not loadable
 * as a model: it has no tensors.
 */
export function minimalGguf(
  options: { layers?: number; kvHeads?: number; heads?: number; embedding?: number; context?: number; padTo?: number } = {},
): Buffer {
  const parts: Buffer[] = [];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    parts.push(b);
  };
  const u64 = (n: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    parts.push(b);
  };
  const str = (s: string) => {
    const bytes = Buffer.from(s, 'utf8');
    u64(bytes.length);
    parts.push(bytes);
  };
  const kvU32 = (key: string, value: number) => {
    str(key);
    u32(4);
    u32(value);
  };
  parts.push(Buffer.from('GGUF', 'ascii'));
  u32(3);
  u64(0);
  u64(8);
  str('general.architecture');
  u32(8);
  str('llama');
  str('general.name');
  u32(8);
  str('Tiny test model');
  kvU32('llama.block_count', options.layers ?? 2);
  kvU32('llama.attention.head_count', options.heads ?? 4);
  kvU32('llama.attention.head_count_kv', options.kvHeads ?? 2);
  kvU32('llama.embedding_length', options.embedding ?? 64);
  kvU32('llama.context_length', options.context ?? 2048);
  str('tokenizer.ggml.tokens');
  u32(9);
  u32(8);
  u64(3);
  for (const token of ['<s>', '</s>', 'a']) str(token);
  const header = Buffer.concat(parts);
  const padTo = options.padTo ?? header.length;
  return padTo > header.length ? Buffer.concat([header, Buffer.alloc(padTo - header.length, 7)]) : header;
}
