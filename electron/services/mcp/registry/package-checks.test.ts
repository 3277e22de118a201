import { describe, expect, it } from 'vitest';
import { checkBaseUrl, checkIdentifier, checkOciPinned, checkPinnedVersion } from './package-checks';

const ok = { ok: true };

describe('package names', () => {
  it.each(['pkg', '@scope/pkg', '@s/p.k_g~-1', 'a', '~x', '-x', 'x'.repeat(214), '@a-b~c/x'])('npm: %s is a name', (name) => {
    expect(checkIdentifier('npm', name)).toEqual(ok);
  });
  it.each([
    'Pkg',
    '@scope/',
    'scope/pkg',
    '@Scope/pkg',
    '.pkg',
    '_pkg',
    '@.s/p',
    '@s/.p',
    'pkg name',
    'pkg@1',
    'x'.repeat(215),
    '',
    '@/p',
    'a/b/c',
  ])('npm: %j is refused, saying so', (name) => {
    expect(checkIdentifier('npm', name)).toEqual({
      ok: false,
      reason: `"${name}" is not a valid npm package name, so it is not installed.`,
    });
  });
  it.each(['a', 'A1', 'acme-weather_mcp.x', 'x'.repeat(255)])('PyPI: %s is a name', (name) => {
    expect(checkIdentifier('pypi', name)).toEqual(ok);
  });
  it.each(['-a', 'a-', '.a', 'a.', 'a b', 'a==1', '', 'x'.repeat(256), 'git+https://x'])('PyPI: %j is refused', (name) => {
    expect(checkIdentifier('pypi', name)).toEqual({
      ok: false,
      reason: `"${name}" is not a valid PyPI package name, so it is not installed.`,
    });
  });
  it.each([
    'ghcr.io/acme/mcp:1.0.0',
    'acme/mcp:1',
    'mcp:1',
    'localhost:5000/acme/mcp:1.0',
    'a.b-c_d/e_f:Tag_1.x-y',
    'ghcr.io/acme/mcp-server_two.x:1',
    `acme/mcp@sha256:${'a'.repeat(64)}`,
    `acme/mcp:1@sha256:${'0'.repeat(64)}`,
    `mcp:${'t'.repeat(128)}`,
  ])('OCI: %s is a reference', (reference) => {
    expect(checkIdentifier('oci', reference)).toEqual(ok);
  });
  it.each([
    'Acme/mcp:1',
    'acme//mcp:1',
    '-acme/mcp:1',
    'acme-/mcp:1',
    'acme/mcp:',
    'acme/mcp:-x',
    `mcp:${'t'.repeat(129)}`,
    'acme/mcp:1 --privileged',
    `acme/mcp@sha256:${'a'.repeat(63)}`,
    `acme/mcp@sha256:${'A'.repeat(64)}`,
    `acme/mcp@sha512:${'a'.repeat(64)}`,
    'host:port/mcp:1',
    'x'.repeat(256),
  ])('OCI: %j is refused', (reference) => {
    expect(checkIdentifier('oci', reference)).toEqual({
      ok: false,
      reason: `"${reference}" is not a valid OCI image name, so it is not installed.`,
    });
  });
});

describe('pinned versions', () => {
  it.each(['1.2.3', '0.0.0', '10.20.30', '1.2.3-rc.1', '1.2.3+build.5', '1.2.3-beta-2+sha.abc'])('npm: %s is one release', (version) => {
    expect(checkPinnedVersion('npm', version)).toEqual(ok);
  });
  it.each(['1.2', '1.2.3.4', 'v1.2.3', '=1.2.3', '1.2.x', '1.2.3-', '1.2.3+', '1.2.3 - 2.0.0', '>1.2.3', '1.2.3 ', 'a1.2.3'])(
    'npm: %j is refused as not one version',
    (version) => {
      expect(checkPinnedVersion('npm', version)).toEqual({
        ok: false,
        reason: `the package version "${version}" is not one exact version (ranges and tags are refused).`,
      });
    },
  );
  it.each([
    '1',
    '1.2',
    '2.0.0',
    '1!2.0',
    '1.0a1',
    '1.0b2',
    '1.0rc3',
    '1.0.post1',
    '1.0.dev4',
    '1.0rc1.post2.dev3',
    '10!20.30rc40.post50.dev60',
  ])('PyPI: %s is one release', (version) => {
    expect(checkPinnedVersion('pypi', version)).toEqual(ok);
  });
  it.each(['1.0c1', '1.0a', '1.0.post', '1.0.dev', '!1.0', '1.', '.1', '1.0-1', 'x1', '1x', '==1.0'])('PyPI: %j is refused', (version) => {
    expect(checkPinnedVersion('pypi', version)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not one exact version') as unknown,
    });
  });
  it.each([
    ['latest', '(\"latest\")'],
    ['LATEST', '(\"LATEST\")'],
    ['', '(none given)'],
    [undefined, '(none given)'],
  ])('%j is not pinned, saying so', (version, shown) => {
    for (const kind of ['npm', 'pypi'] as const)
      expect(checkPinnedVersion(kind, version)).toEqual({
        ok: false,
        reason: `the package version is not pinned ${shown}; TACO installs one exact version only.`,
      });
  });
});

describe('the package registry a package is declared on', () => {
  it('the runtime’s own registry, with or without slashes, or none', () => {
    expect(checkBaseUrl('npm', undefined)).toEqual(ok);
    expect(checkBaseUrl('npm', 'https://registry.npmjs.org')).toEqual(ok);
    expect(checkBaseUrl('npm', 'https://registry.npmjs.org//')).toEqual(ok);
    expect(checkBaseUrl('pypi', 'https://pypi.org/')).toEqual(ok);
  });
  it('another one is refused, naming both', () => {
    expect(checkBaseUrl('npm', 'https://pypi.org')).toEqual({
      ok: false,
      reason:
        'the package is declared on https://pypi.org, but npx downloads from https://registry.npmjs.org: the package that would run is not the one declared.',
    });
    expect(checkBaseUrl('pypi', 'https://evil.example/')).toEqual({
      ok: false,
      reason:
        'the package is declared on https://evil.example, but uvx downloads from https://pypi.org: the package that would run is not the one declared.',
    });
    expect(checkBaseUrl('npm', 'https://registry.npmjs.org.evil.example')).toMatchObject({ ok: false });
    expect(checkBaseUrl('npm', 'https://registry.npmjs.org/x/')).toMatchObject({ ok: false });
  });
});

describe('a pinned OCI image', () => {
  it('names a tag other than latest, or a digest', () => {
    expect(checkOciPinned('acme/mcp:1.0')).toEqual(ok);
    expect(checkOciPinned('localhost:5000/acme/mcp:1.0')).toEqual(ok);
    expect(checkOciPinned(`acme/mcp@sha256:${'a'.repeat(64)}`)).toEqual(ok);
    expect(checkOciPinned(`acme/mcp:latest@sha256:${'a'.repeat(64)}`)).toEqual(ok);
  });
  it('no tag, an empty one, or latest is refused, saying which', () => {
    expect(checkOciPinned('acme/mcp')).toEqual({
      ok: false,
      reason: 'the image "acme/mcp" names no tag or digest, so its version is not pinned.',
    });
    expect(checkOciPinned('localhost:5000/acme/mcp')).toEqual({
      ok: false,
      reason: 'the image "localhost:5000/acme/mcp" names no tag or digest, so its version is not pinned.',
    });
    expect(checkOciPinned('acme/mcp:')).toEqual({
      ok: false,
      reason: 'the image "acme/mcp:" names no tag or digest, so its version is not pinned.',
    });
    expect(checkOciPinned('acme/mcp:latest')).toEqual({
      ok: false,
      reason: 'the image "acme/mcp:latest" uses the tag "latest", so its version is not pinned.',
    });
  });
});
