import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { DEFAULTS } from '../../../shared/constants';
import { isInside, megabytes } from './skill-folder';

/** Unix file type bits of a zip entry's external attributes (made on Unix). */
const TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;

/**
 * Unpacks a skill's zip into `into` (an empty staging folder), refusing before a byte is written:
 * an entry outside the folder (absolute, `..`, a backslash: yauzl's own check, then ours), a link,
 * an encrypted entry, more than DEFAULTS.skills.maxFiles entries, more than maxTotalBytes in all by
 * the declared sizes, or a ratio past maxZipRatio (a zip bomb). yauzl then holds each entry to its
 * declared size while it is written, so a lying header fails too. Returns a refusal's reason, or null.
 */
export async function unpackSkillZip(zipPath: string, into: string): Promise<string | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false });
  } catch (error) {
    return `The file is not a zip that can be read (${(error as Error).message}).`;
  }
  try {
    const entries: yauzl.Entry[] = [];
    let total = 0;
    let compressed = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const problem = entryProblem(entry, into);
        if (problem) return problem;
        entries.push(entry);
        total += entry.uncompressedSize;
        compressed += entry.compressedSize;
        if (entries.length > DEFAULTS.skills.maxFiles) return `The zip has more than ${DEFAULTS.skills.maxFiles} entries.`;
        if (total > DEFAULTS.skills.maxTotalBytes) return `The zip would unpack to more than ${megabytes(DEFAULTS.skills.maxTotalBytes)}.`;
        const bomb = entryRatioProblem(entry);
        if (bomb) return bomb;
      }
    } catch (error) {
      return `The zip cannot be used: ${(error as Error).message}.`;
    }
    if (total > Math.max(compressed, 1) * DEFAULTS.skills.maxZipRatio)
      return `The zip unpacks to ${Math.round(total / Math.max(compressed, 1))} times its size: refused as a zip bomb.`;
    for (const entry of entries) {
      const target = resolve(into, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      try {
        await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        return `${entry.fileName} cannot be unpacked: ${(error as Error).message}.`;
      }
    }
    return null;
  } finally {
    zip.close();
  }
}

function entryProblem(entry: yauzl.Entry, into: string): string | null {
  const name = entry.fileName;
  if (!isInside(into, resolve(into, name)) || join(into, name) === into) return `The zip's entry ${name} leads outside the skill's folder.`;
  const mode = (entry.externalFileAttributes >>> 16) & TYPE_MASK;
  if (mode === SYMLINK) return `The zip's entry ${name} is a link; a skill's files must be real files.`;
  if (entry.isEncrypted()) return `The zip's entry ${name} is encrypted.`;
  return null;
}

/** One entry that expands far past the whole zip's allowed ratio is a bomb on its own. */
function entryRatioProblem(entry: yauzl.Entry): string | null {
  if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > DEFAULTS.skills.maxZipRatio * 10)
    return `The zip's entry ${entry.fileName} unpacks to ${Math.round(entry.uncompressedSize / entry.compressedSize)} times its size: refused as a zip bomb.`;
  return null;
}
