export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** True for canonical base64 (no data: prefix, no whitespace, padded). */
export function isBase64(text: string): boolean {
  return text.length > 0 && text.length % 4 === 0 && BASE64.test(text);
}

/** The image type from the file's first bytes (never from a name or a claimed MIME type). */
export function detectImageType(base64: string): ImageType | null {
  if (!isBase64(base64)) return null;
  const head = Buffer.from(base64.slice(0, 24), 'base64');
  const bytes = (...values: number[]): boolean => values.every((value, index) => head[index] === value);
  const ascii = (offset: number, text: string): boolean => head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes(0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}
