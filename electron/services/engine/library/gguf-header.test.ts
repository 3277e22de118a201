import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { architectureFacts, hasGgufMagic, readGgufHeader } from './gguf-header';
import { minimalGguf } from './testing/minimal-gguf';

async function fileWith(bytes: Buffer | string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gguf-'));
  const path = join(dir, 'model.gguf');
  await writeFile(path, bytes);
  return path;
}

describe('readGgufHeader', () => {
  it('reads version, counts and metadata, and skips arrays by their length', async () => {
    const header = await readGgufHeader(await fileWith(minimalGguf()));
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(0);
    expect(header.metadata.get('general.name')).toBe('Tiny test model');
    expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual({ arrayLength: 3 });
  });

  it('gives the facts the fit estimate needs, head dimension from embedding ÷ heads', async () => {
    const header = await readGgufHeader(await fileWith(minimalGguf({ layers: 24, kvHeads: 2, heads: 14, embedding: 896, context: 32768 })));
    expect(architectureFacts(header)).toEqual({ layers: 24, kvHeads: 2, headDim: 64, contextLength: 32768 });
  });

  it('refuses an HTML page, an empty file and a truncated header with clear words', async () => {
    await expect(readGgufHeader(await fileWith('<!doctype html><html>Sign in</html>'))).rejects.toThrow(/not a GGUF model file/);
    await expect(readGgufHeader(await fileWith(''))).rejects.toThrow(/empty or shorter/);
    const whole = minimalGguf();
    await expect(readGgufHeader(await fileWith(whole.subarray(0, whole.length - 5)))).rejects.toThrow(/truncated or corrupt/);
  });

  it('refuses a header whose string length runs past the limit', async () => {
    const bytes = minimalGguf();
    bytes.writeBigUInt64LE(2n ** 40n, 24); // the first key's length
    await expect(readGgufHeader(await fileWith(bytes))).rejects.toThrow(/corrupt/);
  });

  it('knows the magic', () => {
    expect(hasGgufMagic(minimalGguf())).toBe(true);
    expect(hasGgufMagic(Buffer.from('<htm'))).toBe(false);
    expect(hasGgufMagic(Buffer.from('GG'))).toBe(false);
  });
});
