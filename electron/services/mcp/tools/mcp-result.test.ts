import { describe, expect, it } from 'vitest';
import { convertResult } from './mcp-result';

describe('convertResult', () => {
  it('joins text, adds structuredContent as JSON unless the text already carries it', () => {
    expect(
      convertResult({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
        structuredContent: { n: 1 },
      }),
    ).toEqual({
      text: 'a\nb\n{"n":1}',
      images: [],
      isError: false,
    });
    expect(convertResult({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } }).text).toBe('{"n":1}');
  });

  it('keeps images aside for the UI and vision models, and summarises links, resources and audio', () => {
    const result = convertResult({
      content: [
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'image', data: 'AAAA', mimeType: 'image/tiff' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', description: 'a file' },
        { type: 'resource', resource: { uri: 'file:///b.txt', mimeType: 'text/plain', text: 'inside b' } },
        { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAAAAAAA' } },
      ],
      isError: true,
    });
    expect(result.images).toEqual(['iVBORw0KGgo=']);
    expect(result.isError).toBe(true);
    expect(result.text.split('\n')).toEqual([
      '[image 1: image/png, 8 bytes]',
      '[image: image/tiff, not shown]',
      '[audio: audio/wav, not played]',
      '[resource link: a.txt <file:///a.txt> — a file]',
      '[resource file:///b.txt (text/plain)]',
      'inside b',
      '[resource file:///c.bin: binary, 6 bytes]',
    ]);
  });
});
