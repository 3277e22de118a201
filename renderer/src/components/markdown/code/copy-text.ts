/** Puts text on the clipboard; rejects (never throws) where the page has no clipboard access. */
export function copyText(text: string): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return Promise.reject(new Error('no clipboard'));
    return navigator.clipboard.writeText(text);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
