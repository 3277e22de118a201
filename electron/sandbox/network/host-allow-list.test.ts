import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { describeHosts, hostAllowed, isLocalAddress, parseAllowedHosts, type NetworkAccess } from './host-allow-list';

function parsed(entries: unknown[]): string[] {
  const result = parseAllowedHosts(entries);
  if (!result.ok) throw new Error(result.message);
  return result.hosts;
}

function refused(entry: unknown): string {
  const result = parseAllowedHosts([entry]);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(entry)} as ${result.hosts.join(', ')}`);
  return result.message;
}

describe('parseAllowedHosts: one spelling for the card and the proxy', () => {
  it('lower case, no trailing dot, punycode for an international name, the usual form of an address; sorted, no duplicates', () => {
    expect(parsed(['PyPI.org.', 'pypi.org', ' example.com '])).toEqual(['example.com', 'pypi.org']);
    expect(parsed(['bücher.example'])).toEqual(['xn--bcher-kva.example']);
    expect(parsed(['BÜCHER.example'])).toEqual(['xn--bcher-kva.example']);
    expect(parsed(['127.1:8080', '0x7f.0.0.1:8081', '2130706433:8082'])).toEqual(['127.0.0.1:8080', '127.0.0.1:8081', '127.0.0.1:8082']);
    expect(parsed(['[0:0:0:0:0:0:0:1]:80', '[::ffff:127.0.0.1]'])).toEqual(['127.0.0.1', '[::1]:80']);
    expect(parsed(['*.Example.COM', 'localhost', 'a_b.example.com:65535'])).toEqual([
      '*.example.com',
      'a_b.example.com:65535',
      'localhost',
    ]);
    expect(parsed([])).toEqual([]);
  });

  it.each([
    ['*'],
    ['*.com'],
    ['*.'],
    ['*.*.example.com'],
    ['ex*ample.com'],
    ['*.127.0.0.1'],
    ['http://example.com'],
    ['example.com/path'],
    ['user@example.com'],
    ['example.com?x'],
    ['example.com#x'],
    ['exa mple.com'],
    ['example'],
    ['a..example.com'],
    ['.example.com'],
    ['::1'],
    ['[::1'],
    ['fe80::1%eth0'],
    ['example.com:'],
    ['example.com:0'],
    ['example.com:080'],
    ['example.com:65536'],
    ['example.com:80:1'],
    [''],
    [7],
    [null],
  ])('refuses %j with the reason and what to write instead', (entry) => {
    expect(refused(entry)).toMatch(/is not a host the network can be allowed for\. Name a host such as "pypi\.org"/);
  });

  it('refuses more hosts than a card can show, and names the limit', () => {
    const many = Array.from({ length: DEFAULTS.sandbox.network.maxHosts + 1 }, (_, index) => `h${index}.example.com`);
    expect(parseAllowedHosts(many)).toEqual({ ok: false, message: expect.stringMatching(/^At most 20 hosts/) });
    expect(parseAllowedHosts(many.slice(1)).ok).toBe(true);
  });
});

describe('hostAllowed: the proxy lets through only what the list names', () => {
  const named: NetworkAccess = {
    type: 'hosts',
    hosts: parsed(['pypi.org', '*.example.com', '127.0.0.1:8080', '[::1]:9090', 'svc.example.org:443']),
  };

  it('a name matches itself in any case, with or without a trailing dot, on any port unless the entry names one', () => {
    for (const host of ['pypi.org', 'PYPI.ORG', 'pypi.org.'])
      for (const port of [80, 443, 8443]) expect(hostAllowed(named, host, port)).toBe(true);
    expect(hostAllowed(named, 'svc.example.org', 443)).toBe(true);
    expect(hostAllowed(named, 'svc.example.org', 80)).toBe(false);
  });

  it('a wildcard matches subdomains at any depth, never the bare domain, a look-alike or an address', () => {
    for (const host of ['a.example.com', 'A.B.Example.Com.']) expect(hostAllowed(named, host, 443)).toBe(true);
    for (const host of ['example.com', 'evilexample.com', 'example.com.evil.org', 'a.example.co', 'a.example.com.evil']) {
      expect(hostAllowed(named, host, 443)).toBe(false);
    }
  });

  it('an international name matches in Unicode or in punycode, and only the same name', () => {
    const idn: NetworkAccess = { type: 'hosts', hosts: parsed(['bücher.example']) };
    expect(hostAllowed(idn, 'bücher.example', 443)).toBe(true);
    expect(hostAllowed(idn, 'xn--bcher-kva.example', 443)).toBe(true);
    expect(hostAllowed(idn, 'bucher.example', 443)).toBe(false);
  });

  it('an address matches on its port only, in every spelling the system would dial', () => {
    for (const host of ['127.0.0.1', '127.1', '0x7f.0.0.1', '2130706433', '::ffff:127.0.0.1', '[::ffff:7f00:1]']) {
      expect(hostAllowed(named, host, 8080)).toBe(true);
      expect(hostAllowed(named, host, 8081)).toBe(false);
    }
    for (const host of ['::1', '[::1]', '0:0:0:0:0:0:0:1']) expect(hostAllowed(named, host, 9090)).toBe(true);
    expect(hostAllowed(named, '127.0.0.2', 8080)).toBe(false);
    expect(hostAllowed(named, 'localhost', 8080)).toBe(false);
  });

  it('refuses what it cannot read, and ports outside 1–65535', () => {
    for (const host of ['', 'pypi.org/x', 'pypi .org', 'fe80::1%eth0']) expect(hostAllowed(named, host, 443)).toBe(false);
    for (const port of [0, -1, 65536, 1.5, Number.NaN]) expect(hostAllowed(named, 'pypi.org', port)).toBe(false);
  });

  it('no network lets nothing through', () => {
    for (const host of ['pypi.org', '127.0.0.1', '8.8.8.8']) expect(hostAllowed({ type: 'none' }, host, 443)).toBe(false);
  });

  it('any public host: every public name and address, no local address, loopback or .local name unless named', () => {
    const open: NetworkAccess = { type: 'public' };
    for (const host of ['pypi.org', 'a.b.example.com', '8.8.8.8', '2606:4700::1111']) expect(hostAllowed(open, host, 443)).toBe(true);
    const local = [
      'localhost',
      'db.localhost',
      'printer.local',
      '127.0.0.1',
      '127.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
    ];
    for (const host of [...local, '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(hostAllowed(open, host, 443)).toBe(false);
    }
    expect(hostAllowed(open, '172.32.0.1', 443)).toBe(true);
  });
});

describe('isLocalAddress', () => {
  it('holds for every range a host reaches only when named, and for nothing next to them', () => {
    for (const address of [
      '127.255.255.255',
      '10.255.0.1',
      '172.16.0.0',
      '192.168.255.255',
      '169.254.0.1',
      '100.127.255.255',
      'fc00::1',
      'fdff::1',
      'fe80::1',
      '::1',
      '0.1.2.3',
    ]) {
      expect(isLocalAddress(address)).toBe(true);
    }
    for (const address of [
      '128.0.0.1',
      '11.0.0.1',
      '172.15.255.255',
      '172.32.0.0',
      '192.169.0.1',
      '169.255.0.1',
      '100.128.0.1',
      'fbff::1',
      '2001:db8::1',
      '1.1.1.1',
    ]) {
      expect(isLocalAddress(address)).toBe(false);
    }
  });
});

describe('describeHosts: the card says exactly what is reachable', () => {
  it('names every host, or says there is no network, or that local services stay out of reach', () => {
    expect(describeHosts({ type: 'none' })).toBe('no network');
    expect(describeHosts({ type: 'hosts', hosts: ['example.com', 'pypi.org'] })).toBe(
      "network: only example.com, pypi.org, through TACO's proxy",
    );
    expect(describeHosts({ type: 'public' })).toBe(
      "network: any public host through TACO's proxy, but not this computer's own services or your local network",
    );
  });
});
