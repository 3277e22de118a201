import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg';
import { svgDataUrl } from './svg-data-url';

describe('sanitizeSvg: a diagram is inert before it is shown', () => {
  it('drops script, handlers, links, foreignObject and external references; keeps the drawing', () => {
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1">',
      '<style>.node { fill: #fff }</style>',
      '<script>window.__pwned=2</script>',
      '<g class="node"><rect width="10" height="10" onclick="window.__pwned=3"/><text>A</text></g>',
      '<a href="javascript:window.__pwned=4"><text>link</text></a>',
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.__pwned=5"></div></foreignObject>',
      '<image href="https://evil.example/track.png"/>',
      '<use href="https://evil.example/sprite.svg#a"/>',
      '<animate attributeName="href" to="javascript:window.__pwned=6"/>',
      '</svg>',
    ].join('');
    const clean = sanitizeSvg(hostile);
    expect(clean).toContain('<rect');
    expect(clean).toContain('<text>A</text>');
    for (const bad of [
      '<script',
      'onload',
      'onclick',
      'onerror',
      'javascript:',
      'foreignObject',
      '<image',
      '<use',
      '<animate',
      'evil.example',
    ])
      expect(clean).not.toContain(bad);
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('makes a data: URL an <img> can show', () => {
    expect(svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(
      'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    );
  });
});
