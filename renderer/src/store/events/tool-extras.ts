import type { TacoEvent } from '../../../../shared/contract/events';
import type { ToolProgressView } from './conversation-view';

/** `{ images }` when a tool result carries base64 strings, else nothing (stored events are not trusted; the UI validates the bytes). */
export function resultImages(images: unknown): { images?: string[] } {
  if (!Array.isArray(images)) return {};
  const valid = images.filter((image): image is string => typeof image === 'string' && image.length > 0);
  return valid.length > 0 ? { images: valid } : {};
}

/** A progress event as plain numbers and words; anything malformed reads as "no total, no message". */
export function progressView(event: Extract<TacoEvent, { type: 'tool-progress' }>): ToolProgressView {
  const progress = typeof event.progress === 'number' && Number.isFinite(event.progress) ? event.progress : 0;
  const total = typeof event.total === 'number' && Number.isFinite(event.total) ? event.total : null;
  const message = typeof event.message === 'string' && event.message.trim() !== '' ? event.message : null;
  return { progress, total, message };
}
