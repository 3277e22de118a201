import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { MCP_SERVER_NAME_PATTERN } from '../../../../shared/mcp/mcp';
import type {
  RegistryInput,
  RegistryInstallPlan,
  RegistryLaunch,
  RegistryPlanResult,
  RegistryTransport,
} from '../../../../shared/mcp/mcp-registry';
import { parseAllowedHosts } from '../../../../tools/shell/allowed-hosts';
import { checkBaseUrl, checkIdentifier, checkOciPinned, checkPinnedVersion, KIND_WORDS, metacharacterIn } from './package-checks';
import type { KeyValueInput, RegistryArgument, RegistryPackage, RegistryRemote, ServerResponse } from './registry-schema';
import { envNameRefusal, runtimeArgumentRefusal, type Runtime } from './runtime-rules';

/**
 * The one place a registry entry becomes what TACO will run. npm → `npx -y pkg@x.y.z`, PyPI →
 * `uvx pkg==x.y.z`, OCI → `docker run -i --rm image:tag` only where Docker is found, a remote
 * server → its declared URL. Packages come before remotes (they run here, in the sandbox); the
 * first one that passes every check is used and the others are named in `notes` with the reason.
 * Arguments the user must give appear in `args` as `<name>` and in `inputs`.
 */
export interface PlanContext {
  /** `docker` was found on the user's PATH. */
  dockerFound: boolean;
  /** Server names already taken in TACO. */
  takenNames: ReadonlySet<string>;
  /**
   * The folder that holds each installed server's own package cache (`<cacheRoot>/<name in TACO>`):
   * the only place its sandbox may write, so it can never touch the user's `~/.npm` or `~/.cache`
   * that an unsandboxed npx or uvx runs from. Outside TACO's data folder, which every sandbox hides.
   */
  cacheRoot: string;
  /** An update keeps the server's name. */
  localName?: string;
}

type Built =
  | { type: 'ok'; launch: RegistryLaunch; inputs: RegistryInput[]; identifier: string | null; version: string | null }
  | { type: 'refused'; reason: string };

export function planInstall(entry: ServerResponse, context: PlanContext): RegistryPlanResult {
  const server = entry.server;
  const notes: string[] = [];
  const localName = context.localName ?? localNameFor(server.name, context.takenNames);
  const candidates: Array<{ label: string; transport: RegistryTransport; build: () => Built }> = [
    ...[...(server.packages ?? [])]
      .sort((a, b) => rank(a.registryType) - rank(b.registryType))
      .map((pkg) => ({
        label: packageLabel(pkg),
        transport: transportOf(pkg.registryType),
        build: () => buildPackage(pkg, context, localName, remoteHosts(server.remotes ?? [])),
      })),
    ...(server.remotes ?? []).map((remote) => ({
      label: `the remote ${remote.url}`,
      transport: 'remote' as const,
      build: () => buildRemote(remote),
    })),
  ];
  if (candidates.length === 0)
    return { type: 'refused', reason: `${server.name} declares no package and no remote, so there is nothing to install.` };
  for (const candidate of candidates) {
    const built = candidate.build();
    if (built.type === 'refused') {
      notes.push(`${candidate.label}: ${built.reason}`);
      continue;
    }
    const plan: RegistryInstallPlan = {
      server: server.name,
      version: server.version,
      packageIdentifier: built.identifier,
      packageVersion: built.version,
      transport: candidate.transport,
      launch: built.launch,
      inputs: built.inputs,
      localName,
      notes,
    };
    return { type: 'plan', plan };
  }
  return { type: 'refused', reason: `Nothing of ${server.name} ${server.version} can be installed here. ${notes.join(' ')}` };
}

const ORDER = ['npm', 'pypi', 'oci'];
function rank(type: string): number {
  const index = ORDER.indexOf(type);
  return index === -1 ? ORDER.length : index;
}

function transportOf(type: string): RegistryTransport {
  return type === 'npm' || type === 'pypi' || type === 'oci' ? type : 'other';
}

function packageLabel(pkg: RegistryPackage): string {
  return `the ${pkg.registryType} package ${pkg.identifier}`;
}

function refused(reason: string): Built {
  return { type: 'refused', reason };
}

function buildPackage(pkg: RegistryPackage, context: PlanContext, localName: string, serviceHosts: readonly string[]): Built {
  const kind = pkg.registryType;
  if (kind !== 'npm' && kind !== 'pypi' && kind !== 'oci')
    return refused(`TACO installs npm, PyPI and OCI packages and remote servers; "${kind}" packages are not supported.`);
  if (pkg.transport.type !== 'stdio')
    return refused(`it runs its own HTTP server (${pkg.transport.type}); TACO installs packages that talk over stdio.`);
  const identity = checkIdentifier(kind, pkg.identifier);
  if (!identity.ok) return refused(identity.reason);
  if (kind === 'oci') return buildOci(pkg, context);
  const base = checkBaseUrl(kind, pkg.registryBaseUrl);
  if (!base.ok) return refused(base.reason);
  const pinned = checkPinnedVersion(kind, pkg.version);
  if (!pinned.ok || pkg.version === undefined) return refused(pinned.ok ? 'the version is missing.' : pinned.reason);
  const command = kind === 'npm' ? 'npx' : 'uvx';
  const args = collectArgs(pkg, command);
  if (args.type === 'refused') return args;
  const env = collectKeyValues(pkg.environmentVariables ?? [], 'env');
  if (env.type === 'refused') return env;
  const spec = kind === 'npm' ? `${pkg.identifier}@${pkg.version}` : `${pkg.identifier}==${pkg.version}`;
  const launchArgs = kind === 'npm' ? ['-y', ...args.runtime, spec, ...args.package] : [...args.runtime, spec, ...args.package];
  const cache = path.join(context.cacheRoot, localName);
  const hosts = parseAllowedHosts([...DEFAULTS.mcp.registry.packageHosts[kind], ...serviceHosts]);
  // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable today (at most 10 remotes, registry-schema.ts; 3 package hosts); guards DEFAULTS.sandbox.network.maxHosts
  if (!hosts.ok) return refused(hosts.message);
  return {
    type: 'ok',
    launch: {
      type: 'command',
      command,
      args: launchArgs,
      env: runtimeEnv(kind, cache),
      sandbox: { write: [cache], network: hosts.hosts },
    },
    inputs: [...env.inputs, ...args.inputs],
    identifier: pkg.identifier,
    version: pkg.version,
  };
}

/**
 * The hosts of the entry's remotes that are plain https addresses by name (no {variables}, no user
 * info, no address literal or local name):
 * the publisher's own service, which a package of the same entry most likely talks to. Anything
 * else the server needs the user names in Settings → MCP.
 */
function remoteHosts(remotes: readonly RegistryRemote[]): string[] {
  const hosts: string[] = [];
  for (const remote of remotes) {
    if (/[{}]/.test(remote.url)) continue;
    let parsed: URL;
    try {
      parsed = new URL(remote.url);
    } catch {
      continue;
    }
    if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') continue;
    // A name only: an address literal or a local name would open this computer or the local network to it.
    if (isIP(parsed.hostname.replace(/^\[|\]$/g, '')) !== 0 || /(^|\.)(localhost|local)$/i.test(parsed.hostname)) continue;
    // One name, never a pattern: a `*` the URL parser let through would allow a whole domain's names.
    if (parsed.host.includes('*')) continue;
    if (parseAllowedHosts([parsed.host]).ok) hosts.push(parsed.host);
  }
  return hosts;
}

/**
 * What TACO sets in the runtime's environment: its package cache inside the server's own folder
 * (npm's, or uv's and pip's) and, for uvx, no Python download (`DEFAULTS.mcp.registry.pypiEnv`).
 */
function runtimeEnv(kind: 'npm' | 'pypi', folder: string): Record<string, string> {
  if (kind === 'npm') return { npm_config_cache: path.join(folder, 'npm') };
  return { UV_CACHE_DIR: path.join(folder, 'uv'), PIP_CACHE_DIR: path.join(folder, 'pip'), ...DEFAULTS.mcp.registry.pypiEnv };
}

function buildOci(pkg: RegistryPackage, context: PlanContext): Built {
  const reference =
    pkg.version && !/[:@]/.test(pkg.identifier.split('/').pop() ?? '') ? `${pkg.identifier}:${pkg.version}` : pkg.identifier;
  const identity = checkIdentifier('oci', reference);
  if (!identity.ok) return refused(identity.reason);
  const pinned = checkOciPinned(reference);
  if (!pinned.ok) return refused(pinned.reason);
  if (!context.dockerFound)
    return refused(`it is an ${KIND_WORDS.oci}, and Docker (\`docker\`) was not found on PATH. Install Docker to use it.`);
  const args = collectArgs(pkg, 'docker');
  if (args.type === 'refused') return args;
  const env = collectKeyValues(pkg.environmentVariables ?? [], 'env');
  if (env.type === 'refused') return env;
  // `-e NAME` passes the variable from the server's environment (mcp.json env) into the container.
  const passEnv = env.inputs.flatMap((input) => ['-e', input.name]);
  return {
    type: 'ok',
    launch: {
      type: 'command',
      command: 'docker',
      args: ['run', '-i', '--rm', ...args.runtime, ...passEnv, reference, ...args.package],
      env: {},
      // Docker's daemon starts the container, outside any sandbox TACO could put the docker client in.
      sandbox: null,
    },
    inputs: [...env.inputs, ...args.inputs],
    identifier: reference,
    version: pkg.version ?? reference.split(/[:@]/).pop() ?? null,
  };
}

function buildRemote(remote: RegistryRemote): Built {
  if (/[{}]/.test(remote.url)) return refused('its URL has {variables}, which TACO does not fill in.');
  let parsed: URL;
  try {
    parsed = new URL(remote.url);
  } catch {
    return refused(`"${remote.url}" is not an address.`);
  }
  if (parsed.protocol !== 'https:') return refused(`its URL ${remote.url} is not https://.`);
  if (parsed.username !== '' || parsed.password !== '') return refused('its URL carries a user name or password.');
  const headers = collectKeyValues(remote.headers ?? [], 'header');
  if (headers.type === 'refused') return headers;
  return {
    type: 'ok',
    launch: { type: 'url', url: parsed.href, sse: remote.type === 'sse' },
    inputs: headers.inputs,
    identifier: null,
    version: null,
  };
}

type Collected<T> = ({ type: 'ok' } & T) | { type: 'refused'; reason: string };

function collectArgs(pkg: RegistryPackage, runtime: Runtime): Collected<{ runtime: string[]; package: string[]; inputs: RegistryInput[] }> {
  const inputs: RegistryInput[] = [];
  const runtimeWords: string[] = [];
  for (const argument of pkg.runtimeArguments ?? []) {
    const built = runtimeWordsOf(argument, runtime);
    if (typeof built === 'string') return { type: 'refused', reason: built };
    runtimeWords.push(...built);
  }
  const packageWords: string[] = [];
  for (const argument of pkg.packageArguments ?? []) {
    const built = argumentWords(argument, inputs);
    if (typeof built === 'string') return { type: 'refused', reason: built };
    packageWords.push(...built);
  }
  return { type: 'ok', runtime: runtimeWords, package: packageWords, inputs };
}

/** A runtime argument's words: only an allowed flag with its fixed, declared value (runtime-rules.ts); never one the user types. */
function runtimeWordsOf(argument: RegistryArgument, runtime: Runtime): string[] | string {
  const words =
    argument.type === 'named' ? [argument.name, ...(argument.value !== undefined ? [argument.value] : [])] : [argument.value ?? ''];
  for (const word of words) {
    const bad = metacharacterIn(word);
    if (bad !== null) return `the argument ${JSON.stringify(word)} contains the shell metacharacter ${bad}.`;
  }
  const refusal = runtimeArgumentRefusal(
    runtime,
    argument.type === 'named'
      ? { type: 'named', name: argument.name, value: argument.value }
      : { type: 'positional', value: argument.value },
  );
  return refusal ?? words;
}

/** The words of one argument, or why it is refused. A value the user must give is `<name>` (filled in at install). */
function argumentWords(argument: RegistryArgument, inputs: RegistryInput[]): string[] | string {
  const flag = argument.type === 'named' ? [argument.name] : [];
  for (const word of flag) {
    const bad = metacharacterIn(word);
    if (bad !== null) return `the argument ${JSON.stringify(word)} contains the shell metacharacter ${bad}.`;
  }
  if (argument.value !== undefined) {
    const bad = metacharacterIn(argument.value);
    if (bad !== null) return `the argument value ${JSON.stringify(argument.value)} contains the shell metacharacter ${bad}.`;
    return [...flag, argument.value];
  }
  const label = argument.type === 'named' ? argument.name.replace(/^-+/, '') : (argument.valueHint ?? 'value');
  // An optional argument without a default is left out.
  if (!argument.isRequired && argument.default === undefined) return [];
  const name = label.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100) || 'value';
  inputs.push({
    name,
    kind: 'argument',
    description: argument.description ?? '',
    required: argument.isRequired === true,
    secret: argument.isSecret === true,
    defaultValue: argument.default ?? null,
    choices: argument.choices ?? [],
  });
  return [...flag, `<${name}>`];
}

function collectKeyValues(list: KeyValueInput[], kind: 'env' | 'header'): Collected<{ inputs: RegistryInput[] }> {
  const inputs: RegistryInput[] = [];
  const pattern = kind === 'env' ? /^[A-Za-z_][A-Za-z0-9_]*$/ : /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
  for (const item of list) {
    if (!pattern.test(item.name))
      return {
        type: 'refused',
        reason: `${JSON.stringify(item.name)} is not a valid ${kind === 'env' ? 'environment variable' : 'header'} name.`,
      };
    const steering = kind === 'env' ? envNameRefusal(item.name) : null;
    if (steering !== null) return { type: 'refused', reason: steering };
    const preset = item.value ?? item.default ?? null;
    if (preset !== null && /[{}]/.test(preset))
      return { type: 'refused', reason: `${item.name} uses {variables}, which TACO does not fill in.` };
    inputs.push({
      name: item.name,
      kind,
      description: item.description ?? '',
      required: item.isRequired === true,
      secret: item.isSecret === true,
      defaultValue: preset,
      choices: item.choices ?? [],
    });
  }
  return { type: 'ok', inputs };
}

/** "io.github.acme/weather-server" → "weather-server" (or "weather-server-2" when taken), within the name rules. */
export function localNameFor(serverName: string, taken: ReadonlySet<string>): string {
  const last = serverName.split('/').pop() ?? serverName;
  const cleaned =
    last
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, DEFAULTS.mcp.maxServerNameChars - 3) || 'server';
  let name = cleaned;
  for (let n = 2; taken.has(name) || !MCP_SERVER_NAME_PATTERN.test(name); n++) name = `${cleaned}-${n}`;
  return name;
}
