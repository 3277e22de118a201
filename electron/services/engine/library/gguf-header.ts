import { open, type FileHandle } from 'node:fs/promises';
import { DEFAULTS } from '../../../../shared/constants';
import type { ArchitectureFacts } from '../../../../shared/engine/model-library';

/** "GGUF" as the first four bytes of every GGUF file. */
export const GGUF_MAGIC = Buffer.from('GGUF', 'ascii');

export interface GgufHeader {
  version: number;
  tensorCount: number;
  /** Scalar and string metadata; arrays are kept as their length only (a vocabulary can be huge). */
  metadata: Map<string, string | number | boolean | bigint | { arrayLength: number }>;
}

export class GgufError extends Error {
  override name = 'GgufError';
}

/** Reads the header of a GGUF file: magic, version, counts and metadata, never the tensors. */
export async function readGgufHeader(path: string, maxHeaderBytes: number = DEFAULTS.engineLibrary.maxHeaderBytes): Promise<GgufHeader> {
  const handle = await open(path, 'r');
  try {
    return await parseHeader(new Reader(handle, maxHeaderBytes));
  } finally {
    await handle.close();
  }
}

/** Whether these bytes start like a GGUF file. */
export function hasGgufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.subarray(0, 4)).equals(GGUF_MAGIC);
}

/** The facts the fit estimate needs, from the architecture's own keys; null when the header lacks them. */
export function architectureFacts(header: GgufHeader): ArchitectureFacts | null {
  const arch = header.metadata.get('general.architecture');
  if (typeof arch !== 'string') return null;
  const num = (key: string): number | null => {
    const value = header.metadata.get(`${arch}.${key}`);
    if (typeof value === 'number') return value;
    if (typeof value === 'bigint') return Number(value);
    return null;
  };
  const layers = num('block_count');
  const heads = num('attention.head_count');
  const kvHeads = num('attention.head_count_kv') ?? heads;
  const embedding = num('embedding_length');
  const contextLength = num('context_length');
  const headDim = num('attention.key_length') ?? (embedding !== null && heads ? embedding / heads : null);
  if (!layers || !kvHeads || !headDim || !contextLength || !Number.isInteger(headDim)) return null;
  return { layers, kvHeads, headDim, contextLength };
}

const enum ValueType {
  Uint8 = 0,
  Int8 = 1,
  Uint16 = 2,
  Int16 = 3,
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
  Uint64 = 10,
  Int64 = 11,
  Float64 = 12,
}
const FIXED_SIZE: Partial<Record<number, number>> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

async function parseHeader(reader: Reader): Promise<GgufHeader> {
  const magic = await reader.bytes(4, 'the file is empty or shorter than a GGUF header');
  if (!magic.equals(GGUF_MAGIC)) throw new GgufError('This is not a GGUF model file (it does not start with "GGUF").');
  const version = (await reader.bytes(4)).readUInt32LE(0);
  if (version < 2 || version > 3) throw new GgufError(`This GGUF file is version ${version}; TACO reads versions 2 and 3.`);
  const tensorCount = Number(await reader.u64());
  const kvCount = Number(await reader.u64());
  if (kvCount > 1_000_000 || tensorCount > 10_000_000) throw new GgufError('This GGUF header is corrupt (impossible counts).');
  const metadata: GgufHeader['metadata'] = new Map();
  for (let i = 0; i < kvCount; i++) {
    const key = await reader.string();
    const type = (await reader.bytes(4)).readUInt32LE(0);
    metadata.set(key, await readValue(reader, type));
  }
  return { version, tensorCount, metadata };
}

async function readValue(reader: Reader, type: number): Promise<string | number | boolean | bigint | { arrayLength: number }> {
  switch (type) {
    case ValueType.String:
      return reader.string();
    case ValueType.Array: {
      const itemType = (await reader.bytes(4)).readUInt32LE(0);
      const length = Number(await reader.u64());
      const fixed = FIXED_SIZE[itemType];
      if (fixed !== undefined) await reader.skip(fixed * length);
      else if (itemType === ValueType.String) for (let i = 0; i < length; i++) await reader.skip(Number(await reader.u64()));
      else throw new GgufError(`This GGUF header is corrupt (an array of unknown type ${itemType}).`);
      return { arrayLength: length };
    }
    default: {
      const size = FIXED_SIZE[type];
      if (size === undefined) throw new GgufError(`This GGUF header is corrupt (unknown value type ${type}).`);
      const b = await reader.bytes(size);
      switch (type) {
        case ValueType.Uint8:
          return b.readUInt8(0);
        case ValueType.Int8:
          return b.readInt8(0);
        case ValueType.Uint16:
          return b.readUInt16LE(0);
        case ValueType.Int16:
          return b.readInt16LE(0);
        case ValueType.Uint32:
          return b.readUInt32LE(0);
        case ValueType.Int32:
          return b.readInt32LE(0);
        case ValueType.Float32:
          return b.readFloatLE(0);
        case ValueType.Bool:
          return b.readUInt8(0) !== 0;
        case ValueType.Uint64:
          return b.readBigUInt64LE(0);
        case ValueType.Int64:
          return b.readBigInt64LE(0);
        default:
          return b.readDoubleLE(0);
      }
    }
  }
}

/** Sequential reads from a file handle, refusing to go past the header limit or the end of the file. */
class Reader {
  private position = 0;
  constructor(
    private readonly handle: FileHandle,
    private readonly limit: number,
  ) {}

  async bytes(length: number, whatIfShort = 'the header ends early: the file is truncated or corrupt'): Promise<Buffer> {
    this.check(length);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
    if (bytesRead < length) throw new GgufError(`This GGUF file cannot be read: ${whatIfShort}.`);
    this.position += length;
    return buffer;
  }

  async skip(length: number): Promise<void> {
    this.check(length);
    this.position += length;
  }

  async u64(): Promise<bigint> {
    return (await this.bytes(8)).readBigUInt64LE(0);
  }

  async string(): Promise<string> {
    const length = Number(await this.u64());
    return (await this.bytes(length)).toString('utf8');
  }

  private check(length: number): void {
    if (!Number.isSafeInteger(length) || length < 0 || this.position + length > this.limit)
      throw new GgufError('This GGUF header is corrupt (it runs past any sensible size).');
  }
}
