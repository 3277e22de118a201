import { describe, expect, it } from 'vitest';
import { platformOf, shortcutFor, shortcutLabel, type KeyLike } from './shortcuts';

const key = (value: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('uses Ctrl on Windows and Linux, Cmd on macOS', () => {
    expect(shortcutFor(key('n', { ctrlKey: true }), 'other')).toBe('new-chat');
    expect(shortcutFor(key('N', { ctrlKey: true }), 'other')).toBe('new-chat');
    expect(shortcutFor(key('k', { ctrlKey: true }), 'other')).toBe('search');
    expect(shortcutFor(key(',', { ctrlKey: true }), 'other')).toBe('settings');
    expect(shortcutFor(key('n', { metaKey: true }), 'other')).toBeNull();
    expect(shortcutFor(key('n', { metaKey: true }), 'mac')).toBe('new-chat');
    expect(shortcutFor(key('n', { ctrlKey: true }), 'mac')).toBeNull();
  });

  it('leaves other combinations alone; Esc alone stops', () => {
    expect(shortcutFor(key('n'), 'other')).toBeNull();
    expect(shortcutFor(key('n', { ctrlKey: true, shiftKey: true }), 'other')).toBeNull();
    expect(shortcutFor(key('k', { ctrlKey: true, altKey: true }), 'other')).toBeNull();
    expect(shortcutFor(key('Escape'), 'other')).toBe('stop');
    expect(shortcutFor(key('Escape', { shiftKey: true }), 'other')).toBeNull();
  });

  it('names the platform and the keys', () => {
    expect(platformOf({ platform: 'MacIntel' })).toBe('mac');
    expect(platformOf({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe('other');
    expect(shortcutLabel('settings', 'mac')).toBe('⌘,');
    expect(shortcutLabel('new-chat', 'other')).toBe('Ctrl+N');
  });
});
