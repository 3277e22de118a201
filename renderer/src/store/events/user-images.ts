/** `{ images }` when the event carries base64 strings, else nothing (stored events are not trusted). */
export function userImages(images: unknown): { images?: string[] } {
  if (!Array.isArray(images)) return {};
  const valid = images.filter((image): image is string => typeof image === 'string' && image.length > 0);
  return valid.length > 0 ? { images: valid } : {};
}
