import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, diagramFramePolicy, HEADER_ONLY_DIRECTIVES, metaContentSecurityPolicy } from './content-security-policy';

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

  it("gives the diagram frame no network and no script but its own, framed only by our page; its page's meta says the same", () => {
    const frame = directives(diagramFramePolicy());
    expect(frame.get('default-src')).toBe("'none'");
    expect(frame.get('script-src')).toBe("'self'");
    expect(frame.get('connect-src')).toBe("'none'");
    // No https: a diagram that names a remote image loads nothing, even if mermaid tried.
    expect(frame.get('img-src')).toBe('data:');
    expect(frame.get('frame-ancestors')).toBe("'self'");
    const html = readFileSync(join(ROOT, 'renderer', 'public', 'diagram-frame.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    frame.delete('frame-ancestors');
    expect(directives(meta ?? '')).toEqual(frame);
    // The app's own policy is unchanged by the frame: frames only from our origin (default-src), nothing unsafe.
    expect(directives(contentSecurityPolicy()).get('default-src')).toBe("'self'");
  });
});
