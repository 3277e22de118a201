import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { contentTypeFor } from './content-types';

export type StaticLookup =
  { type: 'file'; path: string; contentType: string } | { type: 'not-found' } | { type: 'bad-request'; message: string };

/**
 * Maps a request path to a file of the built renderer. Paths are decoded, resolved and checked
 * with a separator boundary, then realpath'd and checked again (no `..`, no encoded slashes, no
 * symlinks out). Paths without an extension that name no file get index.html (the app routes).
 */
export async function lookUpStaticFile(root: string, pathname: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { type: 'bad-request', message: 'The address is not valid (bad percent-encoding).' };
  }
  if (decoded.includes('\0') || decoded.includes('\\'))
    return { type: 'bad-request', message: 'The address contains characters that are not allowed.' };

  const realRoot = await realpath(root);
  const candidate = resolve(realRoot, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (!isInside(realRoot, candidate)) return { type: 'not-found' };

  const file = await existingFile(realRoot, candidate === realRoot ? join(realRoot, 'index.html') : candidate);
  if (file) return { type: 'file', path: file, contentType: contentTypeFor(file) };
  if (extname(decoded) !== '') return { type: 'not-found' };
  const index = await existingFile(realRoot, join(realRoot, 'index.html'));
  return index ? { type: 'file', path: index, contentType: contentTypeFor(index) } : { type: 'not-found' };
}

export function readStaticFile(path: string): Promise<Buffer> {
  return readFile(path);
}

/** The file's real path when it is a regular file inside the root; null otherwise. */
async function existingFile(realRoot: string, path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    if (!isInside(realRoot, real)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}
