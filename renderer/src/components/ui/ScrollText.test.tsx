import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollText } from './ScrollText';

/** jsdom lays nothing out: the box's content and client sizes are given here. */
function sized(scrollHeight: number, clientHeight: number): () => void {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
  const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => clientHeight });
  return () => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', height);
    if (client) Object.defineProperty(HTMLElement.prototype, 'clientHeight', client);
  };
}

describe('ui/ScrollText', () => {
  it('text taller than its box is a named region Tab reaches', () => {
    const restore = sized(900, 320);
    try {
      render(<ScrollText label="Tool output">{'line\n'.repeat(200)}</ScrollText>);
      const region = screen.getByRole('region', { name: 'Tool output' });
      expect(region.tagName).toBe('PRE');
      expect(region.tabIndex).toBe(0);
    } finally {
      restore();
    }
  });

  it('text that fits adds no tab stop and no region', () => {
    const restore = sized(40, 40);
    try {
      const { container } = render(<ScrollText label="Tool output">short</ScrollText>);
      expect(screen.queryByRole('region')).toBeNull();
      const pre = container.querySelector('pre');
      expect(pre?.hasAttribute('tabindex')).toBe(false);
      expect(pre?.hasAttribute('aria-label')).toBe(false);
    } finally {
      restore();
    }
  });
});
