import { describe, expect, it } from 'vitest';
import { toolImageSources } from './tool-images';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = btoa('GIF89a\x01\x00\x01\x00');
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const HTML = btoa('<html><script>alert(1)</script></html>');

describe('toolImageSources', () => {
  it('turns real PNG and GIF bytes into data: URLs of their sniffed type', () => {
    expect(toolImageSources([PNG, GIF])).toEqual([`data:image/png;base64,${PNG}`, `data:image/gif;base64,${GIF}`]);
  });

  it('drops SVG, HTML, text that is not clean base64, and anything that is not a string', () => {
    expect(toolImageSources([SVG, HTML, `${PNG}"><script>`, `data:image/png;base64,${PNG}`, 'iVBORw0KGgo', 7, null])).toEqual([]);
    expect(toolImageSources('iVBORw0KGgo=')).toEqual([]);
    expect(toolImageSources(undefined)).toEqual([]);
  });
});
