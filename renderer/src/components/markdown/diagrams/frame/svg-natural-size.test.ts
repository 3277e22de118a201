import { describe, expect, it } from 'vitest';
import { svgNaturalSize } from './svg-natural-size';

describe('svgNaturalSize', () => {
  it("reads a drawing's size from its viewBox, as mermaid writes it", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width: 812.5px;" viewBox="-8 -8 812.5 430.25"><g/></svg>';
    expect(svgNaturalSize(svg)).toEqual({ width: 813, height: 431 });
  });

  it.each([
    ['no viewBox', '<svg xmlns="http://www.w3.org/2000/svg" width="100"/>'],
    ['a viewBox of three numbers', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100"/>'],
    ['a zero width', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 100"/>'],
    ['words', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 wide tall"/>'],
    ['not SVG at all', 'not markup'],
  ])('has no size for %s', (_name, svg) => {
    expect(svgNaturalSize(svg)).toBeNull();
  });
});
