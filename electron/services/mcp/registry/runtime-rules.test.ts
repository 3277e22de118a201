import { describe, expect, it } from 'vitest';
import { envNameRefusal, runtimeArgumentRefusal, type Runtime } from './runtime-rules';

const flag = (runtime: Runtime, name: string, value?: string) => runtimeArgumentRefusal(runtime, { type: 'named', name, value });

describe('the runtime flags each runtime is given', () => {
  it.each([
    ['npx', ['-y', '--yes', '-q', '--quiet']],
    ['uvx', ['-q', '--quiet', '--isolated']],
    ['docker', ['--init', '--read-only']],
  ] as const)('%s: each switch passes alone, and is refused with a value (it would be taken for the package)', (runtime, switches) => {
    for (const name of switches) {
      expect(flag(runtime, name)).toBeNull();
      expect(flag(runtime, name, 'evil')).toBe(`the ${runtime} flag ${name} takes no value, and "evil" was given.`);
      expect(flag(runtime, `${name}=evil`)).toBe(`the ${runtime} flag ${name} takes no value, and "evil" was given.`);
    }
  });

  it.each([
    [
      'uvx',
      '--python',
      ['3', '3.12', '3.12.1', '10'],
      ['x3.12', '3.12x', '/usr/bin/python3', '3.12.1.1', '', 'python3'],
      'a Python version such as 3.12',
    ],
    ['uvx', '-p', ['3.11'], ['3.11 ', 'pypy'], 'a Python version such as 3.12'],
    ['docker', '-e', ['MODE', 'MODE=fast', '_X=', 'A1=a=b'], ['1MODE', 'MODE=a b', 'MO DE', '-MODE', ''], 'NAME or NAME=value'],
    ['docker', '--env', ['MODE=fast'], ['=x'], 'NAME or NAME=value'],
    ['docker', '--cap-drop', ['ALL', 'NET_RAW'], ['1ALL', 'ALL1', 'ALL,x', ''], 'a capability name'],
    ['docker', '--pull', ['always', 'missing', 'never'], ['xnever', 'neverx', 'sometimes'], 'always, missing or never'],
  ] as const)('%s %s takes a checked value', (runtime, name, good, bad, shape) => {
    for (const value of good) {
      expect(flag(runtime, name, value)).toBeNull();
      expect(flag(runtime, `${name}=${value}`)).toBeNull();
    }
    for (const value of bad)
      expect(flag(runtime, name, value)).toBe(`the ${runtime} flag ${name} must be ${shape}, not ${JSON.stringify(value)}.`);
    expect(flag(runtime, name)).toBe(`the ${runtime} flag ${name} needs a fixed value (${shape}), and none is declared.`);
    expect(flag(runtime, `${name}=${good[0]}`, good[0])).toBe(`the ${runtime} flag "${name}=${good[0]}" has two values.`);
  });

  it('anything else is refused, naming what is allowed', () => {
    expect(flag('npx', '--registry', 'https://evil.example')).toBe(
      'it passes "--registry" to npx; TACO passes npx only -y, --yes, -q, --quiet.',
    );
    expect(flag('uvx', '--from', 'git+https://evil.example/x')).toBe(
      'it passes "--from" to uvx; TACO passes uvx only -q, --quiet, --isolated, --python, -p.',
    );
    expect(flag('docker', '--user', 'root')).toBe(
      'it passes "--user" to docker; TACO passes docker only --init, --read-only, -e, --env, --cap-drop, --pull.',
    );
    // An allowed flag of one runtime is not allowed for another.
    expect(flag('npx', '--python', '3.12')).toContain('"--python" to npx');
    expect(flag('uvx', '-y')).toContain('"-y" to uvx');
  });

  it.each([
    '-v',
    '--volume',
    '--volumes-from',
    '--mount',
    '--privileged',
    '--network',
    '--net',
    '--pid',
    '--ipc',
    '--uts',
    '--userns',
    '--cgroupns',
    '--cap-add',
    '--device',
    '--security-opt',
    '--env-file',
    '-p',
    '--publish',
    '-P',
    '--publish-all',
  ])('docker %s reaches the host: refused in both forms, saying so', (name) => {
    const words = `it asks docker for ${name}, which gives the container this machine's files, devices, network, processes or privileges.`;
    expect(flag('docker', name, 'host')).toBe(words);
    expect(flag('docker', `${name}=host`)).toBe(words);
    expect(flag('docker', name)).toBe(words);
  });

  it('a positional runtime argument is refused, naming it', () => {
    expect(runtimeArgumentRefusal('npx', { type: 'positional', value: 'evil-pkg' })).toBe(
      'it gives npx the extra argument "evil-pkg" before the package, which npx could take for another package to run.',
    );
    expect(runtimeArgumentRefusal('docker', { type: 'positional', value: undefined })).toContain('the extra argument "" before');
  });
});

describe('environment names that steer a runtime', () => {
  it.each([
    'PATH',
    'PATHEXT',
    'COMSPEC',
    'HOME',
    'USERPROFILE',
    'APPDATA',
    'LOCALAPPDATA',
    'BASH_ENV',
    'ENV',
    'SHELLOPTS',
    'NODE_OPTIONS',
    'NODE_ENVIRONMENT',
    'NODE_',
    'LD_PRELOAD',
    'DYLD_INSERT_LIBRARIES',
    'npm_config_registry',
    'COREPACK_HOME',
    'UV_INDEX_URL',
    'PIP_INDEX_URL',
    'PYTHONPATH',
    'PYTHON',
    'VIRTUAL_ENV',
    'CONDA_PREFIX',
    'DOCKER_HOST',
    'XDG_CONFIG_HOME',
    'GIT_SSH_COMMAND',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'ALL_PROXY',
    'NO_PROXY',
    'FTP_PROXY',
    'http_proxy',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'REQUESTS_CA_BUNDLE',
    'CURL_CA_BUNDLE',
  ])('%s is refused, saying why', (name) => {
    expect(envNameRefusal(name)).toBe(
      `it sets ${name}, which steers how the runtime loads code or where it downloads packages from; TACO does not let a registry entry set it.`,
    );
  });

  it.each([
    'NODE_ENV',
    'node_env',
    'ACME_PATH',
    'PATH_PREFIX',
    'MY_HOME',
    'ENVIRONMENT',
    'HTTPX_PROXY',
    'SSL_CERT',
    'GIT',
    'CONDA',
    'LD',
    'UV',
  ])('%s is not a runtime’s and passes', (name) => {
    expect(envNameRefusal(name)).toBeNull();
  });
});
