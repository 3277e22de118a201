export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** The picture type from the first bytes (a file's name and claimed type are not trusted). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const at = (index: number): number | undefined => bytes[index];
  const ascii = (offset: number, text: string): boolean => [...text].every((char, index) => at(offset + index) === char.charCodeAt(0));
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((value, index) => at(index) === value)) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}

/** Standard base64 of the bytes, in chunks so large pictures do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  return btoa(binary);
}

/** The picture type of base64 data (only its first bytes are decoded); null for anything else. */
export function sniffBase64Kind(base64: string): ImageKind | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64.slice(0, 4096))) return null;
  try {
    const head = atob(base64.slice(0, 24));
    return sniffImage(Uint8Array.from(head, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}
