import { DEFAULTS } from '../../../../shared/constants';
import type { VersionContent } from '../../../../shared/documents/document-browser';
import { mimeTypeOf } from '../document-meta';

/** The first bytes each previewable picture type starts with: a data URL is made only when the bytes are that picture. */
const PICTURE_SIGNATURES: Readonly<Record<string, (data: Buffer) => boolean>> = {
  'image/png': (data) => data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  'image/gif': (data) => ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1')),
  'image/webp': (data) => data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP',
};

const isBinary = (data: Buffer): boolean => data.subarray(0, 8000).includes(0);

/**
 * What the Documents browser shows of one kept content. Text is cut at
 * `DEFAULTS.documents.previewMaxChars` (the beginning, marked shortened); a PNG, JPEG, GIF or WebP
 * whose bytes match its type and that fits `previewImageMaxBytes` becomes a data URL; SVG is shown
 * as its text (never rendered: it can carry script); anything else binary is described.
 */
export function versionPreview(path: string, data: Buffer): VersionContent {
  const mimeType = mimeTypeOf(path, data);
  const size = data.length;
  const signature = PICTURE_SIGNATURES[mimeType];
  if (signature) {
    if (!signature(data))
      return {
        type: 'binary',
        mimeType,
        size,
        message: `${path} is named as ${mimeType} but its bytes are not that picture type; not shown.`,
      };
    if (size > DEFAULTS.documents.previewImageMaxBytes)
      return {
        type: 'unavailable',
        message: `${path} is a picture of ${size} bytes, larger than the ${DEFAULTS.documents.previewImageMaxBytes} bytes a preview shows.`,
      };
    return { type: 'image', mimeType, size, dataUrl: `data:${mimeType};base64,${data.toString('base64')}` };
  }
  if (isBinary(data)) return { type: 'binary', mimeType, size, message: `Binary content (${mimeType}, ${size} bytes): no preview.` };
  const text = data.toString('utf8');
  const limit = DEFAULTS.documents.previewMaxChars;
  return text.length > limit
    ? { type: 'text', mimeType, size, text: text.slice(0, limit), shortened: true }
    : { type: 'text', mimeType, size, text, shortened: false };
}
