import { describe, expect, it } from 'vitest';
import type { RegistryInstallPlan, RegistryInstallRequest } from '../../../../shared/mcp/mcp-registry';
import {
  everythingEntry,
  remoteEntry,
  weatherEntry,
  type FixtureEntry,
} from '../../../../test-support/fake-mcp-registry/registry-fixtures';
import { planInstall, type PlanContext } from './install-plan';
import { checkPinnedVersion, metacharacterIn } from './package-checks';
import { sameAsShown } from './registry-installs';
import { serverResponseSchema } from './registry-schema';
import { envNameRefusal, runtimeArgumentRefusal } from './runtime-rules';

const context: PlanContext = { dockerFound: true, takenNames: new Set(), cacheRoot: '/caches' };

function plan(entry: FixtureEntry) {
  return planInstall(serverResponseSchema.parse(entry), context);
}

function refusalOf(entry: FixtureEntry): string {
  const result = plan(entry);
  if (result.type !== 'refused') throw new Error(`planned: ${JSON.stringify(result.plan.launch)}`);
  return result.reason;
}

function withPackage(patch: Record<string, unknown>): FixtureEntry {
  const entry = everythingEntry();
  const packages = entry.server['packages'] as Record<string, unknown>[];
  return { ...entry, server: { ...entry.server, packages: [{ ...packages[0], ...patch }] } };
}

const pypi = (patch: Record<string, unknown>) =>
  withPackage({
    registryType: 'pypi',
    identifier: 'acme-mcp',
    version: '1.0.0',
    registryBaseUrl: undefined,
    packageArguments: undefined,
    ...patch,
  });
const oci = (patch: Record<string, unknown>) =>
  withPackage({
    registryType: 'oci',
    identifier: 'ghcr.io/acme/mcp:1.0.0',
    version: undefined,
    registryBaseUrl: undefined,
    packageArguments: undefined,
    ...patch,
  });
const named = (name: string, value?: string) => ({ type: 'named', name, ...(value !== undefined ? { value } : {}) });

describe('the runtime flags a registry entry may pass', () => {
  it.each([
    ['npx --registry', withPackage({ runtimeArguments: [named('--registry', 'https://evil.example')] }), '"--registry" to npx'],
    ['npx --registry=', withPackage({ runtimeArguments: [named('--registry=https://evil.example')] }), '"--registry" to npx'],
    ['npx --package github:', withPackage({ runtimeArguments: [named('--package', 'github:evil/x')] }), '"--package" to npx'],
    ['npx -y with a value (npx would run it)', withPackage({ runtimeArguments: [named('-y', 'evil-pkg')] }), 'takes no value'],
    ['a positional runtime argument', withPackage({ runtimeArguments: [{ type: 'positional', value: 'evil-pkg' }] }), 'before the package'],
    ['uvx --from git+', pypi({ runtimeArguments: [named('--from', 'git+https://evil.example/x')] }), '"--from" to uvx'],
    ['uvx --index-url', pypi({ runtimeArguments: [named('--index-url', 'https://evil.example/simple')] }), '"--index-url" to uvx'],
    ['uvx --with', pypi({ runtimeArguments: [named('--with', 'evil')] }), '"--with" to uvx'],
    ['uvx --python with a path', pypi({ runtimeArguments: [named('--python', '/tmp/evil')] }), 'a Python version'],
    ['uvx --python=path', pypi({ runtimeArguments: [named('--python=/tmp/evil')] }), 'a Python version'],
    ['uvx --python with no value', pypi({ runtimeArguments: [named('--python')] }), 'needs a fixed value'],
    ['a flag with two values', pypi({ runtimeArguments: [named('--python=3.12', '3.11')] }), 'two values'],
    [
      'a runtime value the user would type',
      pypi({ runtimeArguments: [{ ...named('--python'), isRequired: true }] }),
      'needs a fixed value',
    ],
  ])('refuses %s, saying why', (_label, entry, words) => {
    expect(refusalOf(entry)).toContain(words);
  });

  it.each([
    ['-v', 'a volume', [named('-v', '/:/host')]],
    ['-v=', 'a volume, joined', [named('-v=/:/host')]],
    ['--volume', 'a volume', [named('--volume', '/:/host')]],
    ['--mount', 'a mount', [named('--mount', 'type=bind,src=/,dst=/host')]],
    ['--privileged', 'privileges', [named('--privileged')]],
    ['--network', 'the host network', [named('--network', 'host')]],
    ['--network=', 'the host network, joined', [named('--network=host')]],
    ['--pid', 'host processes', [named('--pid', 'host')]],
    ['--ipc', 'host IPC', [named('--ipc', 'host')]],
    ['--cap-add', 'a capability', [named('--cap-add', 'SYS_ADMIN')]],
    ['--cap-add=', 'a capability, joined', [named('--cap-add=SYS_ADMIN')]],
    ['--device', 'a device', [named('--device', '/dev/sda')]],
    ['--security-opt', 'no confinement', [named('--security-opt', 'seccomp=unconfined')]],
    ['--security-opt=', 'no confinement, joined', [named('--security-opt=apparmor=unconfined')]],
    ['--env-file', "a file of this machine's", [named('--env-file', '/home/ada/.aws/credentials')]],
  ])('OCI: refuses %s (%s)', (flag, _what, runtimeArguments) => {
    expect(refusalOf(oci({ runtimeArguments }))).toContain(`docker for ${flag.replace(/=$/, '')}`);
  });

  it('OCI: an unknown or combined short flag is refused; an allowed one passes with its value', () => {
    expect(refusalOf(oci({ runtimeArguments: [named('-iv', '/:/host')] }))).toContain('"-iv" to docker');
    const result = plan(oci({ runtimeArguments: [named('--init'), named('-e', 'MODE=fast'), named('--pull', 'never')] }));
    expect(result.type === 'plan' && result.plan.launch).toMatchObject({
      args: ['run', '-i', '--rm', '--init', '-e', 'MODE=fast', '--pull', 'never', 'ghcr.io/acme/mcp:1.0.0'],
    });
    expect(refusalOf(oci({ runtimeArguments: [named('--pull', 'sometimes')] }))).toContain('always, missing or never');
  });

  it('allowed npx and uvx flags pass, in place, before the package', () => {
    const npx = plan(withPackage({ runtimeArguments: [named('--quiet')] }));
    expect(npx.type === 'plan' && npx.plan.launch.type === 'command' && npx.plan.launch.args.slice(0, 2)).toEqual(['-y', '--quiet']);
    const uvx = plan(pypi({ runtimeArguments: [named('--python', '3.12'), named('--isolated')] }));
    expect(uvx.type === 'plan' && uvx.plan.launch.type === 'command' && uvx.plan.launch.args).toEqual([
      '--python',
      '3.12',
      '--isolated',
      'acme-mcp==1.0.0',
    ]);
    expect(runtimeArgumentRefusal('uvx', { type: 'named', name: '--python=3.12.1', value: undefined })).toBeNull();
    expect(runtimeArgumentRefusal('uvx', { type: 'named', name: '-p', value: '3' })).toBeNull();
  });

  it('package arguments reach the package, after it: a flag there is the package’s, not the runtime’s', () => {
    const result = plan(withPackage({ packageArguments: [named('--registry', 'x')] }));
    expect(result.type === 'plan' && result.plan.launch.type === 'command' && result.plan.launch.args.at(-2)).toBe('--registry');
  });
});

describe('the environment a registry entry may set', () => {
  it.each([
    'NODE_OPTIONS',
    'node_options',
    'NODE_PATH',
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'DYLD_INSERT_LIBRARIES',
    'npm_config_registry',
    'NPM_CONFIG_CACHE',
    'UV_INDEX_URL',
    'PIP_INDEX_URL',
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'DOCKER_HOST',
    'PATH',
    'Path',
    'HTTPS_PROXY',
    'https_proxy',
    'NODE_EXTRA_CA_CERTS',
    'HOME',
    'XDG_CONFIG_HOME',
    'BASH_ENV',
  ])('refuses %s, saying it steers the runtime; nothing is planned', (name) => {
    expect(envNameRefusal(name)).toContain(`it sets ${name}, which steers`);
    const reason = refusalOf(withPackage({ environmentVariables: [{ name, value: 'x' }] }));
    expect(reason).toContain(name);
  });

  it.each(['NODE_ENV', 'ACME_API_KEY', 'MY_PATH', 'PATHS', 'UVICORN_PORT', 'DOCKERFILE', 'PYTHON'.slice(1)])('lets %s through', (name) => {
    expect(envNameRefusal(name)).toBeNull();
  });

  it('headers are not environment: a header named PATH is a header', () => {
    const entry = remoteEntry();
    const remotes = entry.server['remotes'] as Record<string, unknown>[];
    const withPath = { ...entry, server: { ...entry.server, remotes: [{ ...remotes[0], headers: [{ name: 'PATH', isRequired: true }] }] } };
    expect(plan(withPath).type).toBe('plan');
  });
});

describe('shell metacharacters', () => {
  it.each([';', '&', '|', '`', '$', '<', '>', '(', ')', '\\', '"', "'", '*', '?', '!', '%', '^', '{', '}', '\n', '\r', '\t', '\0'])(
    'finds %j anywhere in a value',
    (character) => {
      expect(metacharacterIn(`a${character}b`)).toBe(JSON.stringify(character));
    },
  );

  it('passes ordinary words, paths and flags', () => {
    for (const word of ['stdio', '--port', '8080', '/home/ada/notes', 'a=b', 'x,y:z@1.0.0+build', '~/x'])
      expect(metacharacterIn(word)).toBeNull();
  });

  it.each([
    ['$', '$(id)'],
    ['`', '`id`'],
  ])('refuses %s in a package argument value, in its name, and in a runtime flag', (character, word) => {
    expect(refusalOf(withPackage({ packageArguments: [{ type: 'positional', value: word }] }))).toContain(
      `shell metacharacter ${JSON.stringify(character)}`,
    );
    expect(refusalOf(withPackage({ packageArguments: [{ type: 'named', name: `--x${word}`, value: 'ok' }] }))).toContain(
      `the argument ${JSON.stringify(`--x${word}`)} contains the shell metacharacter ${JSON.stringify(character)}`,
    );
    expect(refusalOf(withPackage({ packageArguments: [{ type: 'named', name: `--x${word}`, isRequired: true }] }))).toContain(
      'shell metacharacter',
    );
    expect(refusalOf(withPackage({ runtimeArguments: [named(`--yes${word}`)] }))).toContain('shell metacharacter');
  });
});

describe('the version and address checks', () => {
  it('a PyPI version is one exact release from its first character', () => {
    expect(checkPinnedVersion('pypi', '1.2.0')).toEqual({ ok: true });
    expect(checkPinnedVersion('pypi', '1!2.0rc1.post3.dev4')).toEqual({ ok: true });
    for (const version of ['>=1.2.0', '~=1.2.0', 'x1.2.0', '==1.2.0', ' 1.2.0', '1.2.0 ', '1.2.*', 'v1.2.0'])
      expect(checkPinnedVersion('pypi', version)).toMatchObject({ ok: false });
    expect(checkPinnedVersion('npm', '^1.2.3')).toMatchObject({ ok: false });
    expect(checkPinnedVersion('npm', 'x1.2.3')).toMatchObject({ ok: false });
    expect(checkPinnedVersion('npm', '1.2.3x')).toMatchObject({ ok: false });
  });

  const remote = (url: string) => {
    const entry = remoteEntry();
    const remotes = entry.server['remotes'] as Record<string, unknown>[];
    return { ...entry, server: { ...entry.server, remotes: [{ ...remotes[0], url }] } };
  };

  it.each([
    ['http://', 'http://mcp.example.com/notes', 'is not https://'],
    ['a user name', 'https://ada@mcp.example.com/notes', 'user name or password'],
    ['a password alone', 'https://:secret@mcp.example.com/notes', 'user name or password'],
    ['a user name and password', 'https://ada:secret@mcp.example.com/notes', 'user name or password'],
    ['not an address', 'mcp.example.com/notes', 'is not an address'],
    ['{variables}', 'https://mcp.example.com/{tenant}', '{variables}'],
  ])('a remote URL with %s is refused', (_label, url, words) => {
    expect(refusalOf(remote(url))).toContain(words);
  });
});

describe('what runs is what was shown', () => {
  const built = plan(weatherEntry());
  if (built.type !== 'plan') throw new Error(built.reason);
  const shown = built.plan;
  const expectedOf = (p: RegistryInstallPlan): RegistryInstallRequest['expected'] => ({
    packageIdentifier: p.packageIdentifier,
    command: p.launch.type === 'command' ? p.launch.command : null,
    args: p.launch.type === 'command' ? [...p.launch.args] : [],
    url: p.launch.type === 'url' ? p.launch.url : null,
    network: p.launch.type === 'command' ? (p.launch.sandbox?.network ?? null) : null,
    inputs: p.inputs.map((input) => ({ kind: input.kind, name: input.name, defaultValue: input.defaultValue })),
  });
  const expected = expectedOf(shown);
  const withLaunch = (launch: Partial<RegistryInstallPlan['launch']>): RegistryInstallPlan =>
    ({ ...shown, launch: { ...shown.launch, ...launch } }) as RegistryInstallPlan;

  it('the same plan is the same', () => {
    expect(sameAsShown(shown, expected)).toBe(true);
  });

  it.each([
    ['another package', { ...shown, packageIdentifier: 'evil-weather' }],
    ['another command', withLaunch({ command: 'npx' })],
    ['another argument', withLaunch({ args: ['evil-weather==1.2.0'] })],
    ['one more argument', withLaunch({ args: ['acme-weather-mcp==1.2.0', '--evil'] })],
    ['one argument less', withLaunch({ args: [] })],
    ['a new environment variable', { ...shown, inputs: [...shown.inputs, { ...shown.inputs[1]!, name: 'ACME_MODE' }] }],
    ['a variable gone', { ...shown, inputs: shown.inputs.slice(0, 1) }],
    ['another default', { ...shown, inputs: [shown.inputs[0]!, { ...shown.inputs[1]!, defaultValue: 'imperial' }] }],
    ['a default where there was none', { ...shown, inputs: [{ ...shown.inputs[0]!, defaultValue: 'sk-registry' }, shown.inputs[1]!] }],
    ['an env turned header', { ...shown, inputs: [{ ...shown.inputs[0]!, kind: 'header' as const }, shown.inputs[1]!] }],
    ['one more host', withLaunch({ sandbox: { write: [], network: ['evil.example', 'files.pythonhosted.org', 'pypi.org'] } })],
    ['one host less', withLaunch({ sandbox: { write: [], network: ['pypi.org'] } })],
    ['another host', withLaunch({ sandbox: { write: [], network: ['files.pythonhosted.org', 'pypi.evil'] } })],
    ['no sandbox at all', withLaunch({ sandbox: null })],
  ])('%s is not what was shown', (_label, now) => {
    expect(sameAsShown(now as RegistryInstallPlan, expected)).toBe(false);
  });

  it('a command plan shown as an address (or the reverse) is not what was shown', () => {
    expect(sameAsShown(shown, { ...expected, url: 'https://x.example/mcp' })).toBe(false);
    const remotePlan = plan(remoteEntry());
    if (remotePlan.type !== 'plan') throw new Error(remotePlan.reason);
    const remoteShown = expectedOf(remotePlan.plan);
    expect(sameAsShown(remotePlan.plan, remoteShown)).toBe(true);
    expect(sameAsShown(remotePlan.plan, { ...remoteShown, url: 'https://mcp.example.com/other' })).toBe(false);
    expect(sameAsShown(remotePlan.plan, { ...remoteShown, command: 'npx' })).toBe(false);
    expect(sameAsShown(remotePlan.plan, { ...remoteShown, args: ['x'] })).toBe(false);
    expect(sameAsShown(remotePlan.plan, { ...remoteShown, network: [] })).toBe(false);
  });
});

describe('how an entry becomes a plan', () => {
  const base = everythingEntry();
  const pkg = (base.server['packages'] as Record<string, unknown>[])[0]!;
  const entryWith = (server: Record<string, unknown>): FixtureEntry => ({ ...base, server: { ...base.server, ...server } });
  const npmPkg = { ...pkg, packageArguments: undefined };
  const pypiPkg = { registryType: 'pypi', identifier: 'acme-mcp', version: '1.0.0', transport: { type: 'stdio' } };
  const ociPkg = { registryType: 'oci', identifier: 'ghcr.io/acme/mcp', version: '2.0.0', transport: { type: 'stdio' } };

  it('nothing to install is refused, naming the server', () => {
    expect(refusalOf(entryWith({ packages: [], remotes: [] }))).toBe(
      'io.github.modelcontextprotocol/everything declares no package and no remote, so there is nothing to install.',
    );
  });

  it('npm before PyPI before OCI before others, whatever the order declared; packages before remotes', () => {
    const remotes = [{ type: 'streamable-http', url: 'https://mcp.example.com/x' }];
    const other = { ...pypiPkg, registryType: 'nuget' };
    const first = (packages: object[]) => {
      const result = plan(entryWith({ packages, remotes }));
      return result.type === 'plan' ? result.plan.transport : result.reason;
    };
    expect(first([other, ociPkg, pypiPkg, npmPkg])).toBe('npm');
    expect(first([other, ociPkg, pypiPkg])).toBe('pypi');
    expect(first([other, ociPkg])).toBe('oci');
    expect(first([other])).toBe('remote');
    const notes = plan(entryWith({ packages: [other], remotes }));
    expect(notes.type === 'plan' && notes.plan.notes).toEqual([
      'the nuget package acme-mcp: TACO installs npm, PyPI and OCI packages and remote servers; "nuget" packages are not supported.',
    ]);
  });

  it('when nothing can be installed, every reason is given', () => {
    expect(
      refusalOf(entryWith({ packages: [{ ...npmPkg, version: 'latest' }], remotes: [{ type: 'sse', url: 'http://x.example' }] })),
    ).toBe(
      'Nothing of io.github.modelcontextprotocol/everything 1.0.0 can be installed here. the npm package @modelcontextprotocol/server-everything: the package version is not pinned ("latest"); TACO installs one exact version only. the remote http://x.example: its URL http://x.example is not https://.',
    );
  });

  it('an OCI image takes the declared version as its tag unless it names one, and passes each declared variable with -e', () => {
    const result = plan(
      entryWith({ packages: [{ ...ociPkg, environmentVariables: [{ name: 'ACME_KEY', isSecret: true }, { name: 'ACME_MODE' }] }] }),
    );
    expect(result.type === 'plan' && result.plan).toMatchObject({
      packageIdentifier: 'ghcr.io/acme/mcp:2.0.0',
      packageVersion: '2.0.0',
      launch: { args: ['run', '-i', '--rm', '-e', 'ACME_KEY', '-e', 'ACME_MODE', 'ghcr.io/acme/mcp:2.0.0'] },
    });
    const tagged = plan(entryWith({ packages: [{ ...ociPkg, identifier: 'ghcr.io/acme/mcp:1.5', version: '2.0.0' }] }));
    expect(tagged.type === 'plan' && tagged.plan).toMatchObject({ packageIdentifier: 'ghcr.io/acme/mcp:1.5', packageVersion: '2.0.0' });
    const noVersion = plan(entryWith({ packages: [{ ...ociPkg, identifier: 'ghcr.io/acme/mcp:1.5', version: undefined }] }));
    expect(noVersion.type === 'plan' && noVersion.plan.packageVersion).toBe('1.5');
    const digest = `ghcr.io/acme/mcp@sha256:${'a'.repeat(64)}`;
    const pinned = plan(entryWith({ packages: [{ ...ociPkg, identifier: digest, version: '2.0.0' }] }));
    expect(pinned.type === 'plan' && pinned.plan.packageIdentifier).toBe(digest);
    expect(refusalOf(entryWith({ packages: [{ ...ociPkg, identifier: 'ghcr.io/acme/mcp', version: undefined }] }))).toContain(
      'names no tag or digest',
    );
    expect(refusalOf(entryWith({ packages: [{ ...ociPkg, identifier: 'ghcr.io/Acme/mcp' }] }))).toContain('not a valid OCI image name');
    expect(
      refusalOf(entryWith({ packages: [{ ...ociPkg, runtimeArguments: [{ type: 'positional', value: 'other/image:1' }] }] })),
    ).toContain('extra argument "other/image:1"');
    expect(
      refusalOf(entryWith({ packages: [{ ...ociPkg, environmentVariables: [{ name: 'DOCKER_HOST', value: 'tcp://x' }] }] })),
    ).toContain('it sets DOCKER_HOST');
  });

  it('an argument the user gives becomes a named field: flag dashes dropped, odd characters made _, never empty', () => {
    const inputsOf = (packageArguments: object[]) => {
      const result = plan(entryWith({ packages: [{ ...npmPkg, packageArguments }] }));
      if (result.type !== 'plan') throw new Error(result.reason);
      return { inputs: result.plan.inputs, args: result.plan.launch.type === 'command' ? result.plan.launch.args.slice(2) : [] };
    };
    expect(
      inputsOf([
        { type: 'named', name: '--root-dir', isRequired: true, description: 'Where', choices: ['a', 'b'] },
        { type: 'positional', valueHint: 'api key', isRequired: true, isSecret: true },
        { type: 'positional', isRequired: true },
        { type: 'positional', valueHint: 'x'.repeat(150), default: 'd' },
        { type: 'named', name: '--optional' },
        { type: 'named', name: '--fixed', value: 'v' },
        { type: 'positional', valueHint: '///', isRequired: true },
      ]),
    ).toEqual({
      inputs: [
        {
          name: 'root-dir',
          kind: 'argument',
          description: 'Where',
          required: true,
          secret: false,
          defaultValue: null,
          choices: ['a', 'b'],
        },
        { name: 'api_key', kind: 'argument', description: '', required: true, secret: true, defaultValue: null, choices: [] },
        { name: 'value', kind: 'argument', description: '', required: true, secret: false, defaultValue: null, choices: [] },
        { name: 'x'.repeat(100), kind: 'argument', description: '', required: false, secret: false, defaultValue: 'd', choices: [] },
        { name: '___', kind: 'argument', description: '', required: true, secret: false, defaultValue: null, choices: [] },
      ],
      args: ['--root-dir', '<root-dir>', '<api_key>', '<value>', `<${'x'.repeat(100)}>`, '--fixed', 'v', '<___>'],
    });
    expect(inputsOf([{ type: 'named', name: '---', isRequired: true }]).args).toEqual(['---', '<value>']);
  });

  it('variables and headers: valid names only, no {templates} in a preset; a fixed value is shown as the preset', () => {
    expect(refusalOf(withPackage({ environmentVariables: [{ name: '1BAD' }] }))).toBe(
      'Nothing of io.github.modelcontextprotocol/everything 1.0.0 can be installed here. the npm package @modelcontextprotocol/server-everything: "1BAD" is not a valid environment variable name.',
    );
    expect(refusalOf(withPackage({ environmentVariables: [{ name: 'A-B' }] }))).toContain(
      '"A-B" is not a valid environment variable name.',
    );
    expect(refusalOf(withPackage({ environmentVariables: [{ name: 'A_B', default: '{home}/x' }] }))).toContain(
      'A_B uses {variables}, which TACO does not fill in.',
    );
    expect(refusalOf(withPackage({ environmentVariables: [{ name: 'A_B', value: 'x}' }] }))).toContain('A_B uses {variables}');
    const fixed = plan(withPackage({ environmentVariables: [{ name: 'A_B', value: 'fixed', default: 'other' }] }));
    expect(fixed.type === 'plan' && fixed.plan.inputs[0]?.defaultValue).toBe('fixed');
    const header = (name: string) => {
      const entry = remoteEntry();
      const remotes = entry.server['remotes'] as Record<string, unknown>[];
      return { ...entry, server: { ...entry.server, remotes: [{ ...remotes[0], headers: [{ name }] }] } };
    };
    expect(plan(header("X-Ok!#$%&'*+.^_`|~")).type).toBe('plan');
    expect(refusalOf(header('X Bad'))).toContain('"X Bad" is not a valid header name.');
    expect(refusalOf(header('X:Bad'))).toContain('is not a valid header name');
  });
});

describe('the parts of a plan a mutation run found unguarded', () => {
  const base = everythingEntry();
  const entryWith = (server: Record<string, unknown>): FixtureEntry => ({ ...base, server: { ...base.server, ...server } });
  const ociPkg = { registryType: 'oci', identifier: 'ghcr.io/acme/mcp', version: '2.0.0', transport: { type: 'stdio' } };

  it('an OCI image’s variables and arguments are asked for', () => {
    const result = plan(
      entryWith({
        packages: [
          {
            ...ociPkg,
            environmentVariables: [{ name: 'ACME_KEY' }],
            packageArguments: [{ type: 'positional', valueHint: 'dir', isRequired: true }],
          },
        ],
      }),
    );
    expect(result.type === 'plan' && result.plan.inputs.map((input) => `${input.kind}:${input.name}`)).toEqual([
      'env:ACME_KEY',
      'argument:dir',
    ]);
  });

  it('an OCI version that would not make an image name is refused', () => {
    expect(refusalOf(entryWith({ packages: [{ ...ociPkg, version: '1.0 --privileged' }] }))).toContain(
      '"ghcr.io/acme/mcp:1.0 --privileged" is not a valid OCI image name',
    );
  });

  it('only leading dashes leave a flag’s field name', () => {
    const result = plan(
      entryWith({
        packages: [
          { ...(base.server['packages'] as object[])[0], packageArguments: [{ type: 'named', name: 'root-dir', isRequired: true }] },
        ],
      }),
    );
    expect(result.type === 'plan' && result.plan.inputs[0]?.name).toBe('root-dir');
  });

  it('a remote-only entry has nothing else to note, and a remote without headers asks for nothing', () => {
    const entry = remoteEntry();
    const remotes = entry.server['remotes'] as Record<string, unknown>[];
    const result = plan({ ...entry, server: { ...entry.server, remotes: [{ ...remotes[0], headers: undefined }] } });
    expect(result.type === 'plan' && result.plan).toMatchObject({ notes: [], inputs: [] });
  });
});
