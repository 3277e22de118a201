import { describe, expect, it } from 'vitest';
import {
  EVERYTHING_VERSION,
  everythingEntry,
  injectionEntry,
  ociEntry,
  remoteEntry,
  unpinnedEntry,
  weatherEntry,
  type FixtureEntry,
} from '../../../../test-support/fake-mcp-registry/registry-fixtures';
import { localNameFor, planInstall, type PlanContext } from './install-plan';
import { serverResponseSchema } from './registry-schema';

const CACHES = '/home/ada/.cache/taco-mcp-servers';
const context: PlanContext = { dockerFound: false, takenNames: new Set(), cacheRoot: CACHES };

function plan(entry: FixtureEntry, overrides: Partial<PlanContext> = {}) {
  return planInstall(serverResponseSchema.parse(entry), { ...context, ...overrides });
}

function withPackage(patch: Record<string, unknown>): FixtureEntry {
  const entry = everythingEntry();
  const packages = entry.server['packages'] as Record<string, unknown>[];
  return { ...entry, server: { ...entry.server, packages: [{ ...packages[0], ...patch }] } };
}

describe('the install plan a registry entry becomes', () => {
  it('npm: npx -y with the exact version pinned, the declared arguments, sandboxed (network: only the registry npx downloads from)', () => {
    const result = plan(everythingEntry());
    expect(result).toMatchObject({
      type: 'plan',
      plan: {
        server: 'io.github.modelcontextprotocol/everything',
        packageIdentifier: '@modelcontextprotocol/server-everything',
        packageVersion: EVERYTHING_VERSION,
        transport: 'npm',
        localName: 'everything',
        launch: {
          type: 'command',
          command: 'npx',
          args: ['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`, 'stdio'],
          env: { npm_config_cache: `${CACHES}/everything/npm` },
          sandbox: { write: [`${CACHES}/everything`], network: ['registry.npmjs.org'] },
        },
      },
    });
  });

  it('PyPI: uvx pkg==x.y.z, and the declared environment variables become the form (secret and required kept)', () => {
    const result = plan(weatherEntry());
    if (result.type !== 'plan') throw new Error(result.reason);
    expect(result.plan.launch).toEqual({
      type: 'command',
      command: 'uvx',
      args: ['acme-weather-mcp==1.2.0'],
      env: { UV_CACHE_DIR: `${CACHES}/weather/uv`, PIP_CACHE_DIR: `${CACHES}/weather/pip`, UV_PYTHON_DOWNLOADS: 'never' },
      sandbox: { write: [`${CACHES}/weather`], network: ['files.pythonhosted.org', 'pypi.org'] },
    });
    expect(result.plan.inputs).toEqual([
      {
        name: 'ACME_API_KEY',
        kind: 'env',
        description: 'Your Acme API key',
        required: true,
        secret: true,
        defaultValue: null,
        choices: [],
      },
      {
        name: 'ACME_UNITS',
        kind: 'env',
        description: 'metric or imperial',
        required: false,
        secret: false,
        defaultValue: 'metric',
        choices: ['metric', 'imperial'],
      },
    ]);
  });

  it('refuses an argument with a shell metacharacter, saying which', () => {
    const result = plan(injectionEntry());
    expect(result.type).toBe('refused');
    if (result.type === 'refused') expect(result.reason).toContain('shell metacharacter ";"');
  });

  it.each([
    ['"latest"', { version: 'latest' }, 'not pinned'],
    ['no version', { version: undefined }, 'not pinned'],
    ['a range', { version: '^1.2.3' }, 'not one exact version'],
    ['another package registry', { registryBaseUrl: 'https://npm.evil.example' }, 'not the one declared'],
    ['a name that is not an npm name', { identifier: '@scope/pkg --registry=https://evil.example' }, 'not a valid npm package name'],
    ['a package that runs its own HTTP server', { transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' } }, 'stdio'],
    ['an mcpb download', { registryType: 'mcpb' }, 'not supported'],
  ])('refuses %s', (_label, patch, words) => {
    const result = plan(withPackage(patch));
    expect(result.type).toBe('refused');
    if (result.type === 'refused') expect(result.reason).toContain(words);
  });

  it('the unpinned fixture is refused as a whole, naming its package', () => {
    const result = plan(unpinnedEntry());
    expect(result).toMatchObject({ type: 'refused' });
    if (result.type === 'refused') expect(result.reason).toMatch(/unpinned-mcp: the package version is not pinned \("latest"\)/);
  });

  it('OCI: refused with the reason without Docker; docker run -i --rm with the pinned image when Docker is found', () => {
    const without = plan(ociEntry());
    expect(without.type).toBe('refused');
    if (without.type === 'refused') expect(without.reason).toContain('Docker (`docker`) was not found');
    const withDocker = plan(ociEntry(), { dockerFound: true });
    expect(withDocker).toMatchObject({
      type: 'plan',
      plan: { launch: { type: 'command', command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/acme/mcp-container:1.0.0'] } },
    });
    // Docker's daemon starts the container: nothing claims TACO's sandbox holds it.
    expect(withDocker.type === 'plan' && withDocker.plan.launch).toMatchObject({ env: {}, sandbox: null });
    const latestTag = withPackage({ registryType: 'oci', identifier: 'ghcr.io/acme/mcp:latest', version: undefined });
    const refused = plan(latestTag, { dockerFound: true });
    expect(refused.type === 'refused' && refused.reason).toContain('"latest"');
  });

  it('a remote server uses its declared https URL, its headers become the form', () => {
    const result = plan(remoteEntry());
    expect(result).toMatchObject({
      type: 'plan',
      plan: {
        transport: 'remote',
        launch: { type: 'url', url: 'https://mcp.example.com/notes', sse: false },
        inputs: [{ name: 'X-Notes-Token', kind: 'header', secret: true, required: true }],
      },
    });
  });

  it('an argument the user must give is shown as <name> and asked for', () => {
    const result = plan(withPackage({ packageArguments: [{ type: 'positional', valueHint: 'root_folder', isRequired: true }] }));
    expect(result).toMatchObject({
      type: 'plan',
      plan: { launch: { args: ['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`, '<root_folder>'] } },
    });
    if (result.type === 'plan') expect(result.plan.inputs).toMatchObject([{ name: 'root_folder', kind: 'argument', required: true }]);
  });

  it('falls back from a refused package to the next one, and says why the first was not used', () => {
    const entry = everythingEntry();
    const server = {
      ...entry.server,
      packages: [...(entry.server['packages'] as object[])],
      remotes: [{ type: 'sse', url: 'https://x.example/sse' }],
    };
    (server.packages[0] as Record<string, unknown>)['version'] = 'latest';
    const result = plan({ ...entry, server });
    expect(result).toMatchObject({ type: 'plan', plan: { transport: 'remote', launch: { type: 'url', sse: true } } });
    if (result.type === 'plan') expect(result.plan.notes[0]).toContain('not pinned');
  });
});

describe('the hosts a registry server may reach', () => {
  const withRemotes = (entry: FixtureEntry, urls: string[]): FixtureEntry => ({
    ...entry,
    server: { ...entry.server, remotes: urls.map((url) => ({ type: 'streamable-http', url })) },
  });
  const hostsOf = (entry: FixtureEntry): string[] | string => {
    const result = plan(entry);
    if (result.type === 'refused') return result.reason;
    return result.plan.launch.type === 'command' ? (result.plan.launch.sandbox?.network ?? []) : [];
  };

  it('its package registry, and the names of the https remotes its entry declares (the publisher’s service), sorted', () => {
    expect(hostsOf(withRemotes(everythingEntry(), ['https://API.Example.com/mcp', 'https://eu.example.com:8443/mcp']))).toEqual([
      'api.example.com',
      'eu.example.com:8443',
      'registry.npmjs.org',
    ]);
    expect(hostsOf(withRemotes(weatherEntry(), ['https://weather.example/mcp']))).toEqual([
      'files.pythonhosted.org',
      'pypi.org',
      'weather.example',
    ]);
    // A public name that merely begins with "local" is a name like any other.
    expect(hostsOf(withRemotes(everythingEntry(), ['https://localnews.example/mcp']))).toEqual(['localnews.example', 'registry.npmjs.org']);
  });

  it.each([
    ['plain http', 'http://api.example.com/mcp'],
    ['a user name', 'https://ada@api.example.com/mcp'],
    ['a password', 'https://:secret@api.example.com/mcp'],
    ['a one-label name', 'https://intranet/mcp'],
    ['a wildcard', 'https://*.example.com/mcp'],
    ['{variables}', 'https://{tenant}.example.com/mcp'],
    ['an IPv4 literal', 'https://127.0.0.1/mcp'],
    ['an IPv4 literal in another spelling', 'https://0x7f.1/mcp'],
    ['an IPv6 literal', 'https://[fe80::a]/mcp'],
    ['localhost', 'https://localhost/mcp'],
    ['a .localhost name', 'https://api.localhost/mcp'],
    ['a .local name', 'https://printer.local/mcp'],
    ['not an address', 'api.example.com/mcp'],
  ])('a remote with %s adds no host', (_label, url) => {
    expect(hostsOf(withRemotes(everythingEntry(), [url]))).toEqual(['registry.npmjs.org']);
  });
});

describe('the name a registry server gets in TACO', () => {
  it('is the last part of its registry name, within the server-name rules, and unique', () => {
    expect(localNameFor('io.github.acme/Weather.Server_v2', new Set())).toBe('weather-server-v2');
    expect(localNameFor('io.github.acme/weather', new Set(['weather']))).toBe('weather-2');
    expect(localNameFor('io.github.acme/___', new Set())).toBe('server');
  });
});
