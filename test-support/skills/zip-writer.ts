import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-made zip: any name (hostile ones too), deflated or stored, optionally a Unix link. */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** Deflate the data (default: stored). */
  deflate?: boolean;
  /** Mark the entry as a Unix symbolic link (its data is the target). */
  symlink?: boolean;
  /** Declare this uncompressed size instead of the real one (a lying header). */
  declaredSize?: number;
}

/**
 * Writes a zip by hand, so tests can make what zip libraries refuse to write: `../` names, links,
 * absolute paths, lying sizes, bombs.
 */
export function writeZip(path: string, entries: readonly ZipEntrySpec[]): void {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '');
    const body = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name);
    const method = entry.deflate ? 8 : 0;
    const size = entry.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = entry.symlink ? 0o120777 : entry.name.endsWith('/') ? 0o040755 : 0o100644;
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...locals, directory, end]));
}
