/** The app-wide keyboard shortcuts (the Electron menu shows the same ones). */
export type ShortcutAction = 'new-chat' | 'search' | 'settings' | 'stop' | 'workflows';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type Platform = 'mac' | 'other';

/** Cmd on macOS, Ctrl elsewhere. */
export function platformOf(nav: { userAgent?: string; platform?: string } | undefined): Platform {
  const text = `${nav?.platform ?? ''} ${nav?.userAgent ?? ''}`;
  return /Mac|iPhone|iPad/i.test(text) ? 'mac' : 'other';
}

/** "Ctrl+N" or "⌘N", for labels and titles. */
export function shortcutLabel(action: ShortcutAction, platform: Platform): string {
  const key = { 'new-chat': 'N', search: 'K', settings: ',', stop: 'Esc', workflows: 'Shift+W' }[action];
  if (action === 'stop') return key;
  return platform === 'mac' ? `⌘${key}` : `Ctrl+${key}`;
}

export function shortcutFor(event: KeyLike, platform: Platform): ShortcutAction | null {
  const mod = platform === 'mac' ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) return 'stop';
  if (mod && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'w') return 'workflows';
  if (!mod || event.altKey || event.shiftKey) return null;
  switch (event.key.toLowerCase()) {
    case 'n':
      return 'new-chat';
    case 'k':
      return 'search';
    case ',':
      return 'settings';
    default:
      return null;
  }
}
