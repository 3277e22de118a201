import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HEADER_ONLY_DIRECTIVES, metaContentSecurityPolicy } from './content-security-policy';

const ROOT = resolve(__dirname, '..', '..');

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words.length > 0 && words[0] !== '')
      .map(([name = '', ...sources]) => [name, sources.join(' ')]),
  );
}

describe('content security policy', () => {
  it('is, minus the header-only directives, the fallback renderer/index.html carries in its meta tag', () => {
    const html = readFileSync(join(ROOT, 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    expect(directives(meta ?? '')).toEqual(directives(metaContentSecurityPolicy()));
    const header = directives(contentSecurityPolicy());
    for (const name of HEADER_ONLY_DIRECTIVES) header.delete(name);
    expect(directives(meta ?? '')).toEqual(header);
  });

  it('keeps out of the meta tag what Chromium ignores there (and warns about in the console)', () => {
    const meta = directives(metaContentSecurityPolicy());
    for (const name of ['frame-ancestors', 'report-uri', 'sandbox']) expect(meta.has(name), name).toBe(false);
    expect(meta.get('script-src')).toBe("'self'");
  });

  it('allows only our own scripts and styles, no plugins, no framing', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(contentSecurityPolicy()).not.toContain('unsafe');
  });

  it('adds exact extra connect sources', () => {
    expect(directives(contentSecurityPolicy(['ws://127.0.0.1:5000'])).get('connect-src')).toBe("'self' ws://127.0.0.1:5000");
  });
});
