/**
 * What model output may link to or show. Links: http, https and mailto only (main's
 * openExternal guard decides again when one is clicked). Images: https, and data: URLs of
 * raster images (no SVG, which can carry script). Everything else is dropped: javascript:,
 * vbscript:, file:, data:text/html, custom schemes, relative paths and fragments.
 */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/i;

function parseAbsolute(value: string): URL | null {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}

/** The link as it may be offered to the user, or null when it must not be clickable. */
export function safeLinkUrl(value: string): string | null {
  const url = parseAbsolute(value);
  if (!url || !LINK_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && (url.hostname === '' || url.username !== '' || url.password !== '')) return null;
  return url.href;
}

/** The image source as it may be shown, or null when it must not load. */
export function safeImageUrl(value: string): string | null {
  const text = value.trim();
  if (DATA_IMAGE.test(text)) return text;
  const url = parseAbsolute(text);
  if (!url || url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** react-markdown's urlTransform: links and image sources pass the policy; any other URL attribute is dropped. */
export function markdownUrlTransform(value: string, key: string, node: { tagName: string }): string | null {
  if (key === 'href' && node.tagName === 'a') return safeLinkUrl(value);
  if (key === 'src' && node.tagName === 'img') return safeImageUrl(value);
  return null;
}

/** "example.com" for a link's tooltip and for remote images. */
export function hostOf(value: string): string {
  const url = parseAbsolute(value);
  if (!url) return '';
  return url.protocol === 'mailto:' ? url.pathname : url.host;
}
