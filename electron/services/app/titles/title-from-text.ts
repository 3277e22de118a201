import { DEFAULTS } from '../../../../shared/constants';

/** A conversation title from the first words of its first message ("New conversation" when empty). */
export function titleFromText(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return 'New conversation';
  let title = words.slice(0, DEFAULTS.app.titleMaxWords).join(' ');
  let cut = words.length > DEFAULTS.app.titleMaxWords;
  if (title.length > DEFAULTS.app.titleMaxChars) {
    title = title.slice(0, DEFAULTS.app.titleMaxChars - 1).trimEnd();
    cut = true;
  }
  return cut ? `${title}…` : title;
}
