import { describe, expect, it } from 'vitest';
import { appDocument, appPolicy, checkDomain, declaredDomains } from './app-policy';

const directive = (policy: string, name: string): string =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1) ?? '';

describe('an MCP app’s policy', () => {
  it('reaches no network when the app declared nothing', () => {
    const check = declaredDomains(undefined);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const policy = appPolicy(check.domains);
    expect(directive(policy, 'default-src')).toBe("'none'");
    expect(directive(policy, 'connect-src')).toBe("'none'");
    expect(directive(policy, 'frame-src')).toBe("'none'");
    expect(directive(policy, 'script-src')).toBe("'unsafe-inline'");
    expect(policy).not.toMatch(/https?:|wss:|\*/u);
  });

  it('names exactly the declared domains, each where it was declared', () => {
    const check = declaredDomains({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.org/'],
      frameDomains: ['https://frames.example.net'],
    });
    expect(check).toEqual({
      ok: true,
      domains: { connect: ['https://api.example.com', 'wss://live.example.com:8443'], resource: ['https://*.cdn.example.org'] },
    });
    if (!check.ok) return;
    const policy = appPolicy(check.domains);
    expect(directive(policy, 'connect-src')).toBe('https://api.example.com wss://live.example.com:8443');
    expect(directive(policy, 'script-src')).toBe("'unsafe-inline' https://*.cdn.example.org");
    expect(directive(policy, 'img-src')).toBe('data: blob: https://*.cdn.example.org');
    // Frame domains are never granted: an app's nested frame would leave its policy.
    expect(directive(policy, 'frame-src')).toBe("'none'");
    expect(policy).not.toContain('frames.example.net');
    expect(policy).not.toContain('api.example.com https://*.cdn');
  });

  it.each([
    ['a keyword smuggled in', "https://a.example.com 'unsafe-eval'"],
    ['a directive smuggled in', 'https://a.example.com; script-src *'],
    ['plain http', 'http://a.example.com'],
    ['a bare wildcard', '*'],
    ['a scheme wildcard', 'https:'],
    ['this computer', 'https://localhost:8080'],
    ['a loopback address', 'https://127.0.0.1'],
    ['a private address', 'https://192.168.1.10'],
    ['a local name', 'https://printer.local'],
    ['a path', 'https://a.example.com/api'],
    ['credentials', 'https://user@a.example.com'],
    ['a single label', 'https://intranet'],
    ['not a string', 42],
  ])('refuses %s', (_label, domain) => {
    expect(checkDomain(domain, 'connect').ok).toBe(false);
    const check = declaredDomains({ connectDomains: ['https://ok.example.com', domain] });
    expect(check.ok).toBe(false);
  });

  it('refuses wss outside connections, lists that are not lists, and more domains than the cap', () => {
    expect(checkDomain('wss://a.example.com', 'resource').ok).toBe(false);
    expect(declaredDomains({ connectDomains: 'https://a.example.com' }).ok).toBe(false);
    expect(declaredDomains('connect everything').ok).toBe(false);
    const many = Array.from({ length: 100 }, (_, index) => `https://h${index}.example.com`);
    expect(declaredDomains({ resourceDomains: many }).ok).toBe(false);
  });

  it('puts the policy first in the app’s document, where the app’s HTML cannot undo it', () => {
    const policy = appPolicy({ connect: [], resource: [] });
    const document = appDocument(
      policy,
      '<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src *"></head></html>',
    );
    expect(document.startsWith(`<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy.replace(/'/gu, "'")}">`)).toBe(
      true,
    );
    expect(document.indexOf('RTC')).toBeLessThan(document.indexOf('default-src *'));
  });
});
