import { describe, expect, it } from 'vitest';
import { markdownUrlTransform, safeImageUrl, safeLinkUrl } from './url-policy';

describe('url policy', () => {
  it('lets web and mail links through, normalized', () => {
    expect(safeLinkUrl('https://ollama.com/library')).toBe('https://ollama.com/library');
    expect(safeLinkUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeLinkUrl('mailto:hello@example.com')).toBe('mailto:hello@example.com');
  });

  it('drops every other scheme, tricks included', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'file:///etc/passwd',
      'vscode://file/etc/passwd',
      'ms-msdt:/id PCWDiagnostic',
      '//evil.example/x',
      '/relative/path',
      '#fragment',
      'https://user:pass@evil.example/',
      'https://ollama.com@evil.example/',
      '',
    ]) {
      expect(safeLinkUrl(url), url).toBeNull();
    }
  });

  it('shows https images and embedded raster images only', () => {
    expect(safeImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const url of [
      'http://example.com/a.png',
      'file:///tmp/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,hi',
      'javascript:alert(1)',
      'a.png',
    ]) {
      expect(safeImageUrl(url), url).toBeNull();
    }
  });

  it('as the urlTransform, drops URLs on anything but a[href] and img[src]', () => {
    expect(markdownUrlTransform('https://example.com', 'href', { tagName: 'a' })).toBe('https://example.com/');
    expect(markdownUrlTransform('https://example.com', 'src', { tagName: 'img' })).toBe('https://example.com/');
    expect(markdownUrlTransform('https://example.com', 'cite', { tagName: 'blockquote' })).toBeNull();
    expect(markdownUrlTransform('https://example.com', 'src', { tagName: 'iframe' })).toBeNull();
  });
});
