import { describe, expect, it } from 'vitest';
import { textLines } from './estimate-item-size';

/** The character-by-character count textLines replaced (90 characters a line). */
function textLinesByCharacter(text: string): number {
  let lines = 1;
  let column = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) === 10 || column >= 90) {
      lines += 1;
      column = 0;
    } else {
      column += 1;
    }
  }
  return lines;
}

describe('textLines', () => {
  it('counts as the character-by-character count did, for lines of every length around a wrap', () => {
    const texts = [
      '',
      '\n',
      '\n\n',
      'a',
      'a\nb',
      'x'.repeat(90),
      'x'.repeat(91),
      'x'.repeat(92),
      'x'.repeat(181),
      'x'.repeat(182),
      'x'.repeat(183),
    ];
    for (let length = 0; length < 400; length += 1) texts.push(`${'y'.repeat(length)}\n${'z'.repeat(400 - length)}\n`);
    let seed = 7;
    for (let sample = 0; sample < 200; sample += 1) {
      let text = '';
      for (let index = 0; index < 600; index += 1) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += seed % 37 === 0 ? '\n' : 'w';
      }
      texts.push(text);
    }
    for (const text of texts) expect(textLines(text), JSON.stringify(text.slice(0, 40))).toBe(textLinesByCharacter(text));
  });
});
