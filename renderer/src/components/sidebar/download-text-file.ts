import type { ExportedFile } from '../../store/slices/conversation-management-slice';

/** A file name safe to offer the browser: no folders, no control characters, never empty. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(0, 200) || 'conversation.txt';
}

/** Save text (or base64 bytes, a PDF) as a download: a Blob behind a temporary `<a download>`, clicked once, then let go. */
export function downloadTextFile(file: ExportedFile, doc: Document = document): void {
  const body = file.encoding === 'base64' ? Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0)) : file.content;
  const url = URL.createObjectURL(new Blob([body], { type: file.mimeType }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = safeFilename(file.filename);
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has started the download by the next task; the URL is no longer needed then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
