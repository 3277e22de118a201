import { render } from '@testing-library/react';
import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { sanitizeTree, treeToElements } from './tree-to-elements';

const hostileTree = (): Root => ({
  type: 'root',
  children: [
    { type: 'raw', value: '<img src=x onerror="window.__pwned=1">' },
    {
      type: 'element',
      tagName: 'a',
      properties: { href: 'javascript:alert(1)', onClick: 'alert(1)' },
      children: [{ type: 'text', value: 'click' }],
    },
    { type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'window.__pwned = 1' }] },
    { type: 'element', tagName: 'img', properties: { src: 'http://tracker.example/pixel.png' }, children: [] },
    {
      type: 'element',
      tagName: 'span',
      properties: { className: ['katex'], style: 'height:1em' },
      children: [{ type: 'text', value: 'x' }],
    },
  ],
});

describe('a tree from the markdown worker', () => {
  it('is made safe before it is shown: raw HTML as text, no handler, no script, URLs through the policy', () => {
    const tree = hostileTree();
    sanitizeTree(tree);
    const json = JSON.stringify(tree);
    expect(json).not.toContain('"raw"');
    expect(json).not.toContain('onClick');
    expect(json).not.toContain('script');
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain('http://tracker');
    expect(json).toContain('height:1em');
  });

  it('becomes elements, converted once per tree and components', () => {
    const tree = hostileTree();
    const components = {};
    const element = treeToElements(tree, components);
    expect(treeToElements(tree, components)).toBe(element);
    const { container } = render(element);
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick], [onerror]')).toBeNull();
    expect(container.querySelector('a[href]')).toBeNull();
    expect(container.querySelector('span.katex')?.getAttribute('style')).toBe('height: 1em;');
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });
});
