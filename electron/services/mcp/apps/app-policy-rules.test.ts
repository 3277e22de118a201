import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { appDocument, appPolicy, checkDomain, declaredDomains } from './app-policy';

describe('one declared domain, as CSP may carry it', () => {
  it('is an https origin written one way: lower case, no trailing slash, the wildcard and port kept', () => {
    expect(checkDomain('HTTPS://API.Example.COM/', 'resource')).toEqual({ ok: true, source: 'https://api.example.com' });
    expect(checkDomain('  https://*.cdn.example.org:8443  ', 'resource')).toEqual({ ok: true, source: 'https://*.cdn.example.org:8443' });
    expect(checkDomain('WSS://live.example.com', 'connect')).toEqual({ ok: true, source: 'wss://live.example.com' });
  });

  it.each([
    ['an empty string', '', 'a domain is not a short string'],
    ['a name longer than DNS allows', `https://${'a'.repeat(250)}.com`, 'a domain is not a short string'],
    ['localhost', 'https://localhost', '"https://localhost" is not a public domain name'],
    ['a .localhost name', 'https://app.localhost', '"https://app.localhost" names this computer or the local network'],
    ['an .internal name', 'https://db.internal', '"https://db.internal" names this computer or the local network'],
    ['a .local name', 'https://printer.local', '"https://printer.local" names this computer or the local network'],
    ['an IP address under a wildcard', 'https://*.10.0.0.1', '"https://*.10.0.0.1" is an IP address'],
    ['port 0', 'https://a.example.com:0', '"https://a.example.com:0" has no valid port'],
    ['a port past 65535', 'https://a.example.com:65536', '"https://a.example.com:65536" has no valid port'],
    ['a label that ends in a dash', 'https://a-.example.com', '"https://a-.example.com" is not a public domain name'],
    ['an empty label', 'https://a..example.com', '"https://a..example.com" is not a public domain name'],
    ['wss for a resource', 'wss://a.example.com', '"wss://a.example.com": wss is for connections only'],
  ])('refuses %s, saying why', (_label, raw, reason) => {
    expect(checkDomain(raw, 'resource')).toEqual({ ok: false, reason });
  });

  it('takes ports 1 and 65535', () => {
    expect(checkDomain('https://a.example.com:1', 'resource').ok).toBe(true);
    expect(checkDomain('https://a.example.com:65535', 'resource').ok).toBe(true);
  });
});

describe('the domains an app declares', () => {
  it('names each once, and exactly the cap is allowed', () => {
    expect(declaredDomains({ connectDomains: ['https://a.example.com', 'https://A.example.com/'] })).toEqual({
      ok: true,
      domains: { connect: ['https://a.example.com'], resource: [] },
    });
    const atCap = Array.from({ length: DEFAULTS.mcpApps.maxDeclaredDomains }, (_, index) => `https://h${index}.example.com`);
    expect(declaredDomains({ resourceDomains: atCap }).ok).toBe(true);
    const overCap = declaredDomains({ resourceDomains: [...atCap, 'https://one-more.example.com'] });
    expect(overCap).toEqual({
      ok: false,
      reason: `resourceDomains names ${DEFAULTS.mcpApps.maxDeclaredDomains + 1} domains (at most ${DEFAULTS.mcpApps.maxDeclaredDomains})`,
    });
  });

  it('says which list and which entry it refused', () => {
    const refused = declaredDomains({ resourceDomains: ['https://ok.example.com', 'http://plain.example.com'] });
    expect(refused).toEqual({ ok: false, reason: 'resourceDomains: "http://plain.example.com" is not an https origin' });
    expect(declaredDomains({ connectDomains: 'x' })).toEqual({ ok: false, reason: 'connectDomains is not a list' });
    expect(declaredDomains(['https://a.example.com'])).toEqual({
      ok: false,
      reason: 'its declared domains (_meta.ui.csp) are not an object',
    });
    expect(declaredDomains(null)).toEqual({ ok: true, domains: { connect: [], resource: [] } });
  });
});

describe('the app document', () => {
  it('escapes the policy inside its attribute, so nothing in it can end the attribute or open a tag', () => {
    const document = appDocument(`a&b "c" <d>`, '<p>app</p>');
    expect(document).toContain('content="a&amp;b &quot;c&quot; &lt;d>"');
    expect(document.endsWith('<p>app</p>')).toBe(true);
  });
});

describe('the app policy, read whole', () => {
  const read = (policy: string): Record<string, string> =>
    Object.fromEntries(policy.split('; ').map((part) => [part.slice(0, part.indexOf(' ')), part.slice(part.indexOf(' ') + 1)]));

  it('grants the declared resource domains to scripts, styles, images, media and fonts, the connect domains to connections, and nothing else anywhere', () => {
    const resource = 'https://cdn.example.org https://*.img.example.net';
    expect(read(appPolicy({ connect: ['https://api.example.com', 'wss://live.example.com'], resource: resource.split(' ') }))).toEqual({
      'default-src': "'none'",
      'script-src': `'unsafe-inline' ${resource}`,
      'style-src': `'unsafe-inline' ${resource}`,
      'img-src': `data: blob: ${resource}`,
      'media-src': `data: blob: ${resource}`,
      'font-src': `data: ${resource}`,
      'connect-src': 'https://api.example.com wss://live.example.com',
      'frame-src': "'none'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
    });
  });
});
