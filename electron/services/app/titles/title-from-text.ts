import { APP_DEFAULTS } from '../app-defaults';

/** A conversation title from the first words of its first message ("New conversation" when empty). */
export function titleFromText(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return 'New conversation';
  let title = words.slice(0, APP_DEFAULTS.titleMaxWords).join(' ');
  let cut = words.length > APP_DEFAULTS.titleMaxWords;
  if (title.length > APP_DEFAULTS.titleMaxChars) {
    title = title.slice(0, APP_DEFAULTS.titleMaxChars - 1).trimEnd();
    cut = true;
  }
  return cut ? `${title}…` : title;
}
