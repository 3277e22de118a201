import { describe, expect, it } from 'vitest';
import { titleFromText } from './title-from-text';

describe('titleFromText', () => {
  it('keeps a short message whole, on one line', () => {
    expect(titleFromText('  What is\n the  time? ')).toBe('What is the time?');
  });

  it('cuts after eight words with an ellipsis', () => {
    expect(titleFromText('one two three four five six seven eight nine ten')).toBe('one two three four five six seven eight…');
  });

  it('cuts a very long word to 60 characters', () => {
    const title = titleFromText('x'.repeat(500));
    expect(title.length).toBe(60);
    expect(title.endsWith('…')).toBe(true);
  });

  it('names an empty message', () => {
    expect(titleFromText('   ')).toBe('New conversation');
  });
});
