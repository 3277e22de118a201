import { sniffBase64Kind } from '../composer/image-bytes';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Images a tool returned, as data: URLs, only for real PNG/JPEG/GIF/WebP bytes in clean base64.
 * Anything else (SVG, HTML, a claimed type, stray characters) is dropped: tool output is untrusted.
 */
export function toolImageSources(images: unknown): string[] {
  if (!Array.isArray(images)) return [];
  return images.flatMap((image) => {
    if (typeof image !== 'string' || image.length % 4 !== 0 || !BASE64.test(image)) return [];
    const kind = sniffBase64Kind(image);
    return kind ? [`data:image/${kind};base64,${image}`] : [];
  });
}
