import { describe, expect, it, vi } from 'vitest';
import { checkExternalUrl, openExternalGuarded } from './open-external-guard';

describe('open-external guard', () => {
  it.each(['https://ollama.com/library', 'http://127.0.0.1:11434/', 'HTTPS://Example.com/a?b=c#d'])('allows %s', (url) => {
    expect(checkExternalUrl(url).type).toBe('allowed');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vscode://open?file=/etc/passwd',
    'ms-settings:',
    'ftp://example.com/',
    'https://user:secret@example.com/',
    'https://user@example.com/',
    'not a url',
    '',
    '//example.com',
  ])('refuses %s with words', (url) => {
    const check = checkExternalUrl(url);
    expect(check.type).toBe('refused');
    if (check.type === 'refused') expect(check.message).toMatch(/^Not opened: /);
  });

  it('opens allowed links through the opener, normalised', async () => {
    const open = vi.fn(async () => undefined);
    await expect(openExternalGuarded(' https://Example.com ', open)).resolves.toEqual({ opened: true, message: null });
    expect(open).toHaveBeenCalledWith('https://example.com/');
  });

  it('never calls the opener for refused links', async () => {
    const open = vi.fn(async () => undefined);
    const result = await openExternalGuarded('javascript:alert(1)', open);
    expect(result.opened).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('reports an opener failure instead of throwing', async () => {
    const result = await openExternalGuarded('https://example.com', async () => {
      throw new Error('no browser');
    });
    expect(result).toEqual({ opened: false, message: expect.stringContaining('no browser') });
  });
});
