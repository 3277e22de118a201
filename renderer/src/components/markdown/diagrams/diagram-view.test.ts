import { describe, expect, it } from 'vitest';
import { DIAGRAM_VIEW_POLICY, diagramViewDocument } from './diagram-view';

const PREFIX = 'data:image/svg+xml;charset=utf-8,';

describe('diagramViewDocument', () => {
  it('holds nothing but its policy, its colour scheme and one data: image of the drawing, whatever the SVG says', () => {
    // Sanitised SVG never holds this, but the document must not depend on it: quotes and markup stay inside the address.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>"></head><script>top.__pwned=1</script><img src=x onerror=alert(1)> & '</text></svg>`;
    const view = new DOMParser().parseFromString(diagramViewDocument(svg, 'dark'), 'text/html');
    expect([...view.querySelectorAll('*')].map((element) => element.tagName.toLowerCase())).toEqual([
      'html',
      'head',
      'meta',
      'meta',
      'title',
      'body',
      'img',
    ]);
    expect(view.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(DIAGRAM_VIEW_POLICY);
    expect(view.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    const image = view.querySelector('img');
    expect(image?.getAttribute('alt')).toBe('Diagram (mermaid)');
    const source = image?.getAttribute('src') ?? '';
    expect(source.startsWith(PREFIX)).toBe(true);
    expect(decodeURIComponent(source.slice(PREFIX.length))).toBe(svg);
  });

  it('lets the view load nothing but data: images, and run nothing', () => {
    expect(DIAGRAM_VIEW_POLICY).toContain("default-src 'none'");
    expect(DIAGRAM_VIEW_POLICY).toContain('img-src data:');
    expect(DIAGRAM_VIEW_POLICY).not.toMatch(/script-src|style-src|connect-src|https?:|'self'/);
  });
});
