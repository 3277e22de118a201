import { DEFAULTS } from '../../../../shared/constants';
import { sniffImage, toBase64, type ImageKind } from './image-bytes';

export interface PreparedImage {
  /** Base64, no data: prefix: what Ollama takes. */
  base64: string;
  kind: ImageKind;
  name: string;
}

export type PrepareResult = { type: 'ok'; image: PreparedImage } | { type: 'refused'; message: string };

/** Re-encodes a picture smaller; null where the page cannot (no canvas). */
export type Reencode = (file: Blob, kind: ImageKind, maxEdgePx: number) => Promise<{ bytes: Uint8Array; kind: ImageKind } | null>;

/**
 * A dropped or pasted file as an image Ollama can take: PNG, JPEG, WebP or GIF by its bytes.
 * PNG and JPEG small enough are sent as they are; anything larger (and WebP/GIF, which not every
 * model reads) is re-encoded, shrinking until it fits `targetChars`.
 */
export async function prepareImage(
  file: Blob & { name?: string },
  targetChars: number,
  reencode: Reencode = reencodeWithCanvas,
): Promise<PrepareResult> {
  const name = file.name?.trim() || 'pasted image';
  if (file.size > DEFAULTS.images.maxInputBytes) {
    return {
      type: 'refused',
      message: `“${name}” is larger than ${Math.round(DEFAULTS.images.maxInputBytes / 1024 / 1024)} MB. Attach a smaller picture.`,
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (kind === null) return { type: 'refused', message: `“${name}” is not a PNG, JPEG, WebP or GIF picture.` };
  if ((kind === 'png' || kind === 'jpeg') && Math.ceil(bytes.length / 3) * 4 <= targetChars) {
    return { type: 'ok', image: { base64: toBase64(bytes), kind, name } };
  }
  let edge: number = DEFAULTS.images.maxEdgePx;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const smaller = await reencode(file, kind, edge);
    if (smaller === null) break;
    const base64 = toBase64(smaller.bytes);
    if (base64.length <= targetChars) return { type: 'ok', image: { base64, kind: smaller.kind, name } };
    edge = Math.floor(edge * 0.75);
  }
  return { type: 'refused', message: `“${name}” is too large to attach, even made smaller. Crop it or attach a smaller picture.` };
}

/** Draws the picture on a canvas at most `maxEdgePx` on its longer side: PNG for screenshots, JPEG for photos. */
export const reencodeWithCanvas: Reencode = async (file, kind, maxEdgePx) => {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxEdgePx / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const out: ImageKind = kind === 'png' || kind === 'gif' ? 'png' : 'jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, `image/${out}`, DEFAULTS.images.jpegQuality));
    return blob ? { bytes: new Uint8Array(await blob.arrayBuffer()), kind: out } : null;
  } finally {
    bitmap.close();
  }
};
