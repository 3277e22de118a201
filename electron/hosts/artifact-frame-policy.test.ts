import { describe, expect, it } from 'vitest';
import { artifactFrameHeaders, artifactFramePolicy } from './artifact-frame-policy';
import { mcpAppFrameHeaders, mcpAppFramePolicy } from './mcp-app-frame-policy';

/** A policy header as the browser reads it: directive name → its sources, in order; a repeated name is an error. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/u);
    if (!name) throw new Error(`an empty directive in "${policy}"`);
    if (directives.has(name)) throw new Error(`${name} twice in "${policy}"`);
    directives.set(name, sources);
  }
  return directives;
}

/**
 * What the browser applies to a kind of request: the directive itself, else, for a fetch directive
 * only, default-src. `base-uri`, `form-action`, `frame-ancestors` and `sandbox` have no fallback:
 * left out, they allow everything.
 */
function effective(policy: Map<string, string[]>, name: string): string[] | undefined {
  const fetchDirective = name.endsWith('-src');
  return policy.get(name) ?? (fetchDirective ? policy.get('default-src') : undefined);
}

const ANCESTOR = 'app://taco';

describe('the artifact frame page’s policy', () => {
  const policy = parsePolicy(artifactFramePolicy(ANCESTOR));

  it('lets nothing be fetched, connected to, framed or posted: every kind of request falls to none', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    for (const kind of ['connect-src', 'frame-src', 'child-src', 'worker-src', 'manifest-src', 'object-src', 'base-uri', 'form-action'])
      expect(effective(policy, kind), kind).toEqual(["'none'"]);
  });

  it('runs the artifact’s own inline script and style and nothing from elsewhere; images, media and fonts only from data (and blob)', () => {
    expect(policy.get('script-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(['data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(['data:', 'blob:']);
    expect(policy.get('font-src')).toEqual(['data:']);
  });

  it('is sandboxed by the header itself to scripts only (an opaque origin, no popups, forms or top navigation), framed only by the given page', () => {
    expect(policy.get('sandbox')).toEqual(['allow-scripts']);
    expect(policy.get('frame-ancestors')).toEqual([ANCESTOR]);
    expect(parsePolicy(artifactFramePolicy("'self'")).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('names no other directive', () => {
    expect([...policy.keys()].sort()).toEqual(
      [
        'base-uri',
        'connect-src',
        'default-src',
        'font-src',
        'form-action',
        'frame-ancestors',
        'img-src',
        'media-src',
        'object-src',
        'sandbox',
        'script-src',
        'style-src',
      ].sort(),
    );
  });
});

describe('the artifact frame page’s headers', () => {
  const headers = artifactFrameHeaders(ANCESTOR);

  it('carry the policy, are never cached, sniffed or given a referrer, and grant no device or clipboard', () => {
    expect(headers['Content-Security-Policy']).toBe(artifactFramePolicy(ANCESTOR));
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Cache-Control']).toBe('no-store');
    // The window (another origin: app://taco or the web host's page) must be able to embed it.
    expect(headers['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    const denied = (headers['Permissions-Policy'] ?? '').split(', ');
    expect(denied.sort()).toEqual(
      ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', 'serial=()', 'clipboard-read=()', 'clipboard-write=()'].sort(),
    );
    expect(Object.keys(headers)).toHaveLength(7);
  });
});

describe('the MCP app frame page’s policy (the envelope of every app)', () => {
  const policy = parsePolicy(mcpAppFramePolicy(ANCESTOR));

  it('allows https (and wss for connections) at most, never plain http, a frame, a plugin, a form or a base', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'unsafe-inline'", 'https:']);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'", 'https:']);
    expect(policy.get('img-src')).toEqual(['data:', 'blob:', 'https:']);
    expect(policy.get('media-src')).toEqual(['data:', 'blob:', 'https:']);
    expect(policy.get('font-src')).toEqual(['data:', 'https:']);
    expect(policy.get('connect-src')).toEqual(['https:', 'wss:']);
    for (const kind of ['frame-src', 'object-src', 'base-uri', 'form-action', 'worker-src', 'child-src'])
      expect(effective(policy, kind), kind).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('sandbox')).toEqual(['allow-scripts']);
    expect(policy.get('frame-ancestors')).toEqual([ANCESTOR]);
    expect([...policy.keys()].sort()).toEqual(
      [
        'base-uri',
        'connect-src',
        'default-src',
        'font-src',
        'form-action',
        'frame-ancestors',
        'frame-src',
        'img-src',
        'media-src',
        'object-src',
        'sandbox',
        'script-src',
        'style-src',
      ].sort(),
    );
  });

  it('has the artifact frame’s other headers, with its own policy', () => {
    const headers = mcpAppFrameHeaders(ANCESTOR);
    expect(headers).toEqual({ ...artifactFrameHeaders(ANCESTOR), 'Content-Security-Policy': mcpAppFramePolicy(ANCESTOR) });
    expect(headers['Content-Security-Policy']).not.toBe(artifactFramePolicy(ANCESTOR));
  });
});
