/**
 * What a registry entry may pass to the runtime that starts its package (npx, uvx, docker) and
 * into its environment. The package's own arguments follow its name and reach only the package;
 * the runtime's arguments come before it and decide what is downloaded, from where, and what the
 * runtime may touch. So runtime flags are an allow-list per runtime (anything else is refused,
 * saying why), each flag either a switch or a flag with a value that is checked, and environment
 * variables whose names steer a runtime (where it loads code from, which registry or proxy it
 * downloads through, what it trusts) are refused.
 */

export type Runtime = 'npx' | 'uvx' | 'docker';

/** A switch takes no value; a flag with a value takes one that matches `value`. */
type FlagRule = { type: 'switch' } | { type: 'value'; value: RegExp; shape: string };

const SWITCH: FlagRule = { type: 'switch' };
const PYTHON_VERSION: FlagRule = { type: 'value', value: /^\d+(?:\.\d+){0,2}$/, shape: 'a Python version such as 3.12' };
const ENV_NAME_VALUE: FlagRule = {
  type: 'value',
  value: /^[A-Za-z_][A-Za-z0-9_]*(?:=[^\s]*)?$/,
  shape: 'NAME or NAME=value',
};

const ALLOWED: Record<Runtime, Record<string, FlagRule>> = {
  npx: { '-y': SWITCH, '--yes': SWITCH, '-q': SWITCH, '--quiet': SWITCH },
  uvx: { '-q': SWITCH, '--quiet': SWITCH, '--isolated': SWITCH, '--python': PYTHON_VERSION, '-p': PYTHON_VERSION },
  docker: {
    '--init': SWITCH,
    '--read-only': SWITCH,
    '-e': ENV_NAME_VALUE,
    '--env': ENV_NAME_VALUE,
    '--cap-drop': { type: 'value', value: /^[A-Za-z_]+$/, shape: 'a capability name' },
    '--pull': { type: 'value', value: /^(?:always|missing|never)$/, shape: 'always, missing or never' },
  },
};

/** Docker flags that give a container this machine's files, devices, network, processes or privileges. */
const HOST_REACHING_DOCKER_FLAGS = new Set([
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
]);

/** One runtime argument as the registry declares it: a positional value, or a flag with an optional value. */
export type RuntimeArgument =
  { type: 'positional'; value: string | undefined } | { type: 'named'; name: string; value: string | undefined };

/** Null when `argument` may be given to `runtime`; else why it is refused, in words. */
export function runtimeArgumentRefusal(runtime: Runtime, argument: RuntimeArgument): string | null {
  if (argument.type === 'positional')
    return `it gives ${runtime} the extra argument ${JSON.stringify(argument.value ?? '')} before the package, which ${runtime} could take for another package to run.`;
  const equals = argument.name.indexOf('=');
  const flag = equals === -1 ? argument.name : argument.name.slice(0, equals);
  const joined = equals === -1 ? undefined : argument.name.slice(equals + 1);
  if (joined !== undefined && argument.value !== undefined) return `the ${runtime} flag ${JSON.stringify(argument.name)} has two values.`;
  const value = joined ?? argument.value;
  if (runtime === 'docker' && HOST_REACHING_DOCKER_FLAGS.has(flag))
    return `it asks docker for ${flag}, which gives the container this machine's files, devices, network, processes or privileges.`;
  const rule = ALLOWED[runtime][flag];
  if (rule === undefined)
    return `it passes ${JSON.stringify(flag)} to ${runtime}; TACO passes ${runtime} only ${Object.keys(ALLOWED[runtime]).join(', ')}.`;
  if (rule.type === 'switch')
    return value === undefined ? null : `the ${runtime} flag ${flag} takes no value, and ${JSON.stringify(value)} was given.`;
  if (value === undefined) return `the ${runtime} flag ${flag} needs a fixed value (${rule.shape}), and none is declared.`;
  if (!rule.value.test(value)) return `the ${runtime} flag ${flag} must be ${rule.shape}, not ${JSON.stringify(value)}.`;
  return null;
}

/**
 * Environment variable names that steer a runtime rather than configure the server: code loaded
 * first (NODE_OPTIONS, LD_PRELOAD, PYTHONSTARTUP), where packages come from (npm_config_registry,
 * UV_INDEX_URL, PIP_INDEX_URL, a proxy), what is trusted (extra CA certificates), which Docker is
 * asked, the search path and the home and config folders the runtimes read, and what the C
 * library and Go read before any of that (GCONV_PATH loads modules, GLIBC_TUNABLES, the resolver's
 * HOSTALIASES/LOCALDOMAIN/RES_OPTIONS, docker's GODEBUG). Case-insensitive:
 * Windows reads environment names so, and `npm_config_*` is read in either case.
 */
const STEERING_ENV_NAME =
  /^(?:PATH|PATHEXT|COMSPEC|HOME|USERPROFILE|APPDATA|LOCALAPPDATA|BASH_ENV|ENV|SHELLOPTS|NODE_(?!ENV$)\w*|LD_\w*|DYLD_\w*|NPM_CONFIG_\w*|COREPACK_\w*|UV_\w*|PIP_\w*|PYTHON\w*|VIRTUAL_ENV|CONDA_\w*|DOCKER_\w*|XDG_\w*|GIT_\w*|(?:HTTPS?|ALL|NO|FTP)_PROXY|SSL_CERT_\w*|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|GCONV_PATH|GLIBC_TUNABLES|HOSTALIASES|LOCALDOMAIN|RES_OPTIONS|GODEBUG)$/i;

/** Null when a declared environment variable may be set; else why it is refused. */
export function envNameRefusal(name: string): string | null {
  if (!STEERING_ENV_NAME.test(name)) return null;
  return `it sets ${name}, which steers how the runtime loads code or where it downloads packages from; TACO does not let a registry entry set it.`;
}
