import { describe, expect, it } from 'vitest';
import { describeHiddenCharacters, revealInvisible } from './reveal-invisible';

describe('revealInvisible', () => {
  it('shows bidi controls as visible escapes', () => {
    const text = 'rm -rf /tmp/\u202Etxt.exe\u202C \u2066a\u2069 \u200E\u200F\u061C';
    const revealed = revealInvisible(text);
    expect(revealed.text).toBe('rm -rf /tmp/⟦U+202E⟧txt.exe⟦U+202C⟧ ⟦U+2066⟧a⟦U+2069⟧ ⟦U+200E⟧⟦U+200F⟧⟦U+061C⟧');
    expect(revealed.bidi).toBe(7);
    expect(revealed.invisible).toBe(0);
  });

  it('shows zero-width, soft hyphen, BOM and tag characters', () => {
    const tags = String.fromCodePoint(0xe0041, 0xe007f);
    const revealed = revealInvisible(`a\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf\u00ADg${tags}`);
    expect(revealed.text).toBe('a⟦U+200B⟧b⟦U+200C⟧c⟦U+200D⟧d⟦U+2060⟧e⟦U+FEFF⟧f⟦U+00AD⟧g⟦U+E0041⟧⟦U+E007F⟧');
    expect(revealed.invisible).toBe(8);
  });

  it('leaves ordinary text, emoji and other scripts alone', () => {
    const text = 'héllo 世界 مرحبا 👍 \t\n';
    expect(revealInvisible(text)).toEqual({ text, bidi: 0, invisible: 0 });
  });

  it('describes what it found for the warning line, or nothing', () => {
    expect(describeHiddenCharacters({ bidi: 2, invisible: 1 })).toMatch(/2 direction-changing and 1 invisible character/);
    expect(describeHiddenCharacters({ bidi: 0, invisible: 0 })).toBeNull();
  });
});
