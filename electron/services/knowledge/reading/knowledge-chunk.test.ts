import { describe, expect, it } from 'vitest';
import { codeBlocks, markdownBlocks, packBlocks, plainBlocks, type Block } from './knowledge-chunk';
import { htmlBlocks } from './knowledge-html';

const lines = (text: string, start: number, end: number): string =>
  text
    .split('\n')
    .slice(start - 1, end)
    .join('\n');

describe('markdown chunks follow headings', () => {
  const doc = [
    '# Guide', //1
    '', //2
    'Intro words.', //3
    '', //4
    '## Install', //5
    'Run the installer.', //6
    '', //7
    '```sh', //8
    'npm ci', //9
    '', //10
    'npm test', //11
    '```', //12
    '## Use', //13
    'Open the app.', //14
  ].join('\n');

  it('a chunk never spans two headings, names its heading trail, and gives the lines it covers', () => {
    const chunks = packBlocks(markdownBlocks(doc));
    expect(chunks.map((chunk) => [chunk.heading, chunk.location])).toEqual([
      ['Guide', { kind: 'lines', start: 1, end: 3 }],
      ['Guide › Install', { kind: 'lines', start: 5, end: 12 }],
      ['Guide › Use', { kind: 'lines', start: 13, end: 14 }],
    ]);
    for (const chunk of chunks) {
      if (chunk.location.kind !== 'lines') throw new Error('lines expected');
      // The text of each paragraph in the chunk is the source's lines in that range.
      for (const part of chunk.text.split('\n\n')) expect(lines(doc, chunk.location.start, chunk.location.end)).toContain(part);
    }
  });

  it('a blank line inside fenced code does not split it', () => {
    const fence = markdownBlocks(doc).find((block) => block.text.startsWith('```'));
    expect(fence).toMatchObject({ startLine: 8, endLine: 12, text: '```sh\nnpm ci\n\nnpm test\n```' });
  });

  it('a "#" line inside a fence is not a heading', () => {
    const blocks = markdownBlocks(['# Top', '```', '# not a heading', '```', 'after'].join('\n'));
    expect(new Set(blocks.map((block) => block.heading))).toEqual(new Set(['Top']));
  });
});

describe('code chunks follow declarations', () => {
  const source = [
    "import { x } from 'y';", //1
    '', //2
    '/** Adds. */', //3
    'export function add(a: number, b: number) {', //4
    '  const sum = a + b;', //5
    '', //6
    '  return sum;', //7
    '}', //8
    '', //9
    'def shout(text):', //10
    '    return text.upper()', //11
  ].join('\n');

  it('each declaration is one block with the comment above it, a blank line in the body does not cut it', () => {
    expect(codeBlocks(source).map((block) => [block.startLine, block.endLine, block.heading])).toEqual([
      [1, 1, null],
      [3, 8, 'export function add(a: number, b: number) {'],
      [10, 11, 'def shout(text):'],
    ]);
  });

  it('small declarations share a chunk; the chunk starts at a declaration', () => {
    const chunks = packBlocks(codeBlocks(source));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.location).toEqual({ kind: 'lines', start: 1, end: 11 });
    const split = packBlocks(codeBlocks(source), undefined, { chunkChars: 60, maxChunkChars: 200 });
    expect(split.map((chunk) => chunk.location)).toEqual([
      { kind: 'lines', start: 1, end: 1 },
      { kind: 'lines', start: 3, end: 8 },
      { kind: 'lines', start: 10, end: 11 },
    ]);
  });
});

describe('plain text and long blocks', () => {
  it('paragraphs are runs of non-blank lines with their line numbers', () => {
    expect(plainBlocks('a\nb\n\n\nc\n').map((block) => [block.text, block.startLine, block.endLine])).toEqual([
      ['a\nb', 1, 2],
      ['c', 5, 5],
    ]);
  });

  it('a block over the maximum is cut at line ends into pieces that cover every line once, in order', () => {
    const text = Array.from({ length: 40 }, (_, index) => `line ${index + 1} ${'x'.repeat(20)}`).join('\n');
    const chunks = packBlocks(plainBlocks(text), undefined, { chunkChars: 100, maxChunkChars: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    let next = 1;
    for (const chunk of chunks) {
      if (chunk.location.kind !== 'lines') throw new Error('lines expected');
      expect(chunk.location.start).toBe(next);
      expect(chunk.text.length).toBeLessThanOrEqual(100);
      expect(chunk.text).toBe(lines(text, chunk.location.start, chunk.location.end));
      next = chunk.location.end + 1;
    }
    expect(next).toBe(41);
  });

  it('a single line over the maximum is cut at the limit and keeps its line number', () => {
    const chunks = packBlocks(plainBlocks(`short\n${'y'.repeat(250)}`), undefined, { chunkChars: 100, maxChunkChars: 100 });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([5, 100, 100, 50]);
    expect(chunks.slice(1).map((chunk) => chunk.location)).toEqual(Array(3).fill({ kind: 'lines', start: 2, end: 2 }));
  });

  it('blocks of different sections never share a chunk', () => {
    const blocks: Block[] = [
      { text: 'a', startLine: 1, endLine: 1, heading: null, section: 1 },
      { text: 'b', startLine: 2, endLine: 2, heading: null, section: 2 },
    ];
    expect(packBlocks(blocks)).toHaveLength(2);
  });
});

describe('HTML blocks', () => {
  it('reads paragraphs, list items and headings with their source lines; never scripts or styles', () => {
    const html = [
      '<html><head><title>T</title><style>p { color: red }</style></head><body>', //1
      '<h1>Pricing</h1>', //2
      '<p>The plan costs', //3
      '  ten euros.</p>', //4
      '<script>var secret = "never";</script>', //5
      '<ul><li>Monthly</li><li>Yearly</li></ul>', //6
      '</body></html>', //7
    ].join('\n');
    const blocks = htmlBlocks(html);
    expect(blocks.map((block) => [block.text, block.startLine, block.endLine, block.heading])).toEqual([
      ['Pricing', 2, 2, 'Pricing'],
      ['The plan costs ten euros.', 3, 4, 'Pricing'],
      ['Monthly', 6, 6, 'Pricing'],
      ['Yearly', 6, 6, 'Pricing'],
    ]);
    expect(JSON.stringify(blocks)).not.toContain('secret');
    expect(JSON.stringify(blocks)).not.toContain('color');
  });
});
