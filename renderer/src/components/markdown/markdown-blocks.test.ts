import { describe, expect, it } from 'vitest';
import { splitBlocks } from './markdown-blocks';

const roundTrips = (text: string) => expect(splitBlocks(text).join('\n')).toBe(text);

describe('splitBlocks', () => {
  it('splits at blank lines and keeps every character', () => {
    const text = '# Title\n\nA paragraph\nstill the paragraph.\n\n\nAnother one.';
    expect(splitBlocks(text)).toEqual(['# Title', '\nA paragraph\nstill the paragraph.', '\n\nAnother one.']);
    roundTrips(text);
    roundTrips('trailing blank lines\n\n');
    roundTrips('');
  });

  it('never splits inside a fenced code block, even an unclosed one', () => {
    const text = 'Before\n\n```python\ndef a():\n\n    return 1\n```\n\nAfter';
    expect(splitBlocks(text)).toEqual(['Before', '\n```python\ndef a():\n\n    return 1\n```', '\nAfter']);
    const open = 'Intro\n\n~~~\nline one\n\nline two';
    expect(splitBlocks(open)).toEqual(['Intro', '\n~~~\nline one\n\nline two']);
    // A longer fence is closed only by a fence at least as long.
    expect(splitBlocks('````\n```\n\ninner\n````\n\nout')).toHaveLength(2);
  });

  it('keeps a loose list and its indented paragraphs together', () => {
    const list = '- one\n\n- two\n\n  more about two\n\n- three';
    expect(splitBlocks(list)).toEqual([list]);
    const ordered = '1. first\n\n2. second\n\nAfter the list';
    expect(splitBlocks(ordered)).toEqual(['1. first\n\n2. second', '\nAfter the list']);
    // A different kind of list starts a new block.
    expect(splitBlocks('- bullet\n\n1. number')).toHaveLength(2);
  });

  it('earlier blocks do not change while the tail grows', () => {
    const full = 'First paragraph.\n\nSecond paragraph with more words.\n\n```js\nconst x = 1;\n```';
    let previous: string[] = [];
    for (let end = 1; end <= full.length; end += 1) {
      const blocks = splitBlocks(full.slice(0, end));
      // Every finished block (all but the last) is a prefix-stable block of the final split.
      for (const [index, block] of blocks.slice(0, -1).entries()) expect(block).toBe(splitBlocks(full)[index]);
      if (previous.length > 1) expect(blocks.slice(0, previous.length - 1)).toEqual(previous.slice(0, -1));
      previous = blocks;
    }
  });
});

describe('splitBlocks with definitions', () => {
  it('keeps text with footnotes or link references in one block', () => {
    expect(splitBlocks('A claim[^1]\n\nMore.\n\n[^1]: The source.')).toHaveLength(1);
    expect(splitBlocks('See [the docs][d].\n\n[d]: https://example.com')).toHaveLength(1);
  });
});
