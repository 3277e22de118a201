import { describe, expect, it } from 'vitest';
import { REFUSING_PROXY, SPELLCHECK_DICTIONARY_HOST, windowProxyConfig } from './window-network';

/** Chromium's bypass list, as net/proxy_resolution/proxy_bypass_rules.cc reads a comma-separated one. */
const bypass = (rules: string | undefined): string[] => (rules ?? '').split(',').map((rule) => rule.trim());

describe("the window session's network", () => {
  it('sends everything to one refusing proxy with no direct fallback, loopback included', () => {
    const config = windowProxyConfig({ type: 'bundle', dir: '/x' });
    expect(config.mode).toBe('fixed_servers');
    // One proxy for every scheme: no "scheme=" part, no second entry, no direct://.
    expect(config.proxyRules).toBe(REFUSING_PROXY);
    expect(config.proxyRules).not.toMatch(/[;,=]|direct/i);
    const refusing = new URL(REFUSING_PROXY);
    expect(refusing.hostname).toBe('127.0.0.1');
    // A real port (Chromium drops a proxy on port 0 from the list, which would leave DIRECT).
    expect(Number(refusing.port)).toBeGreaterThan(0);
    // Chromium sends loopback past any proxy unless the rules subtract it.
    expect(bypass(config.proxyBypassRules)).toContain('<-loopback>');
    // Nothing else bypasses it but the spell-check dictionary CDN.
    expect(bypass(config.proxyBypassRules).sort()).toEqual(['<-loopback>', SPELLCHECK_DICTIONARY_HOST].sort());
  });

  it('lets the page reach the dev server it comes from when developing, and nothing else more', () => {
    const config = windowProxyConfig({ type: 'dev-server', url: 'http://localhost:5173/' });
    expect(bypass(config.proxyBypassRules).sort()).toEqual(['<-loopback>', 'localhost:5173', SPELLCHECK_DICTIONARY_HOST].sort());
  });
});
