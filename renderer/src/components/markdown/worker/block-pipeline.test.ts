import { toText } from 'hast-util-to-text';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBlockTree } from './block-pipeline';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the markdown worker runs: with no DOM at all (taken away here while it runs). */
describe('the markdown worker pipeline', () => {
  it('needs no DOM: parses, typesets and highlights a block to a hast tree', () => {
    vi.stubGlobal('document', undefined);
    vi.stubGlobal('DOMParser', undefined);
    vi.stubGlobal('window', undefined);
    const tree = renderBlockTree({ text: 'Energy $$E = mc^2$$ &amp; more\n\n```js\nconst a = 1;\n```', math: true, highlight: true });
    const json = JSON.stringify(tree);
    expect(json).toContain('"katex"');
    expect(json).toContain('hljs-keyword');
    // Entities are decoded without a DOM (the worker build's DOM-free decoder).
    expect(toText(tree)).toContain('& more');
  });

  it('applies the formula caps before KaTeX: over a cap, the source as code with the reason', () => {
    const roots = `${'\\sqrt{'.repeat(40)}x${'}'.repeat(40)}`;
    const tree = renderBlockTree({ text: `$$${roots}$$`, math: true, highlight: false });
    const json = JSON.stringify(tree);
    expect(json).toContain('md-math-source');
    expect(json).toContain('Not typeset: ');
    expect(json).not.toContain('"katex"');
  });

  it('keeps raw HTML as raw nodes (the window shows them as text) and typesets nothing without the math flag', () => {
    const tree = renderBlockTree({ text: 'A <script>alert(1)</script> and $$x$$', math: false, highlight: false });
    const json = JSON.stringify(tree);
    expect(json).toContain('"type":"raw"');
    expect(json).not.toContain('"katex"');
  });
});
