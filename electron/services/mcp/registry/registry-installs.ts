import { mkdir } from 'node:fs/promises';
import { ContractError } from '../../../../shared/contract/contract-error';
import { type McpServerConfig, type McpServerView } from '../../../../shared/mcp/mcp';
import type {
  RegistryInstallPlan,
  RegistryInstallRequest,
  RegistryPlanResult,
  RegistrySearchResult,
  RegistryServerSummary,
  RegistryUpdate,
} from '../../../../shared/mcp/mcp-registry';
import type { McpService } from '../mcp-service-types';
import { planInstall, type PlanContext } from './install-plan';
import { metacharacterIn } from './package-checks';
import { RegistryError, type RegistryClient } from './registry-client';
import { officialMeta, type ServerResponse } from './registry-schema';
import { describeUpdate } from './update-changes';

export interface RegistryInstalls {
  search(query: string, cursor: string | null): Promise<RegistrySearchResult>;
  plan(server: string, version: string): Promise<RegistryPlanResult>;
  install(request: RegistryInstallRequest): Promise<McpServerView>;
  updates(): Promise<RegistryUpdate[]>;
}

export interface RegistryInstallsOptions {
  client: RegistryClient;
  mcp: Pick<McpService, 'list' | 'save' | 'configOf'>;
  dockerFound(): Promise<boolean>;
  /** Where each installed command server gets its own package cache (PlanContext.cacheRoot). */
  cacheRoot: string;
}

/**
 * Settings → MCP servers → Browse, in main: what the registry lists, what an entry would run
 * (install-plan.ts decides), and the install itself. The renderer sends back only the registry's
 * name and version, the launch it was shown and the values typed; main asks the registry again,
 * builds the plan again and installs only when it is still exactly what the user saw.
 */
export function createRegistryInstalls(options: RegistryInstallsOptions): RegistryInstalls {
  const context = async (localName?: string): Promise<PlanContext> => ({
    dockerFound: await options.dockerFound(),
    takenNames: new Set(options.mcp.list().map((server) => server.name)),
    cacheRoot: options.cacheRoot,
    ...(localName !== undefined ? { localName } : {}),
  });
  const fromRegistry = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      if (error instanceof RegistryError) throw new ContractError('invalid-payload', error.message);
      throw error;
    }
  };

  return {
    search: (query, cursor) =>
      fromRegistry(async () => {
        const page = await options.client.search(query, cursor);
        return { servers: page.entries.map(summaryOf), nextCursor: page.nextCursor, skipped: page.skipped };
      }),
    plan: (server, version) => fromRegistry(async () => planInstall(await options.client.serverVersion(server, version), await context())),
    install: (request) =>
      fromRegistry(async () => {
        const entry = await options.client.serverVersion(request.server, request.version);
        const built = planInstall(entry, await context(request.localName));
        if (built.type === 'refused') throw new ContractError('invalid-payload', built.reason);
        const plan = built.plan;
        if (!sameAsShown(plan, request.expected))
          throw new ContractError(
            'invalid-payload',
            `The registry's entry for ${request.server} ${request.version} no longer builds the command you were shown (it now names ${plan.packageIdentifier ?? (plan.launch.type === 'url' ? plan.launch.url : 'another launch')}, with ${plan.inputs.length} value${plan.inputs.length === 1 ? '' : 's'} to fill in). Nothing was installed; open it again to see what it runs now.`,
          );
        const config = configFor(plan, request, request.replace ? options.mcp.configOf(request.localName) : null);
        for (const folder of config.sandbox?.write ?? []) await mkdir(folder, { recursive: true, mode: 0o700 });
        return options.mcp.save(request.localName, config, request.replace, { reviewTools: !request.replace });
      }),
    updates: () =>
      fromRegistry(async () => {
        const installed = options.mcp.list().filter((server) => server.registry !== undefined);
        const found: RegistryUpdate[] = [];
        for (const server of installed) {
          const pinned = server.registry;
          if (!pinned) continue;
          let latest: ServerResponse;
          try {
            latest = await options.client.serverVersion(pinned.server, 'latest');
          } catch (error) {
            // One server gone from the registry does not hide the updates of the others.
            if (error instanceof RegistryError && error.message.includes('(404)')) continue;
            throw error;
          }
          if (latest.server.version === pinned.version) continue;
          const built = planInstall(latest, await context(server.name));
          found.push({
            localName: server.name,
            server: pinned.server,
            installed: pinned.version,
            latest: latest.server.version,
            changes: built.type === 'plan' ? describeUpdate(server, built.plan) : [],
            plan: built.type === 'plan' ? built.plan : null,
            refused: built.type === 'refused' ? built.reason : null,
          });
        }
        return found;
      }),
  };
}

/**
 * What runs is what was shown: the package, the command and every argument, the address, the
 * hosts its sandbox may reach, and every value the user was asked for with the preset its field
 * showed (a variable added, a host added or a default changed since is a different install).
 */
export function sameAsShown(plan: RegistryInstallPlan, shown: RegistryInstallRequest['expected']): boolean {
  const launch = plan.launch;
  const hosts = launch.type === 'command' ? (launch.sandbox?.network ?? null) : null;
  const sameNetwork = hosts === null || shown.network === null ? hosts === shown.network : sameList(shown.network, hosts);
  const sameLaunch =
    launch.type === 'command'
      ? shown.command === launch.command && sameList(shown.args, launch.args) && shown.url === null && sameNetwork
      : shown.url === launch.url && shown.command === null && shown.args.length === 0 && sameNetwork;
  const sameInputs = sameList(
    shown.inputs.map((input) => JSON.stringify([input.kind, input.name, input.defaultValue])),
    plan.inputs.map((input) => JSON.stringify([input.kind, input.name, input.defaultValue])),
  );
  return shown.packageIdentifier === plan.packageIdentifier && sameLaunch && sameInputs;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function summaryOf(entry: ServerResponse): RegistryServerSummary {
  const server = entry.server;
  const official = officialMeta(entry);
  const transports = [
    ...(server.packages ?? []).map((pkg) => (['npm', 'pypi', 'oci'].includes(pkg.registryType) ? pkg.registryType : 'other')),
    ...((server.remotes ?? []).length > 0 ? ['remote'] : []),
  ] as RegistryServerSummary['transports'];
  return {
    name: server.name,
    title: server.title ?? null,
    description: server.description,
    publisher: server.name.split('/')[0] ?? server.name,
    version: server.version,
    transports: [...new Set(transports)],
    official: official !== null,
    status: official?.status ?? 'active',
    websiteUrl: server.websiteUrl ?? null,
    repositoryUrl: server.repository?.url ?? null,
  };
}

/**
 * The mcp.json entry: the pinned launch, the values typed (a secret sent back as MCP_SECRET_MASK
 * keeps the stored one: mcp.save unmasks it), the server's own package cache, the sandbox. An
 * update keeps the approval policy. A registry default is never applied here: the form showed it
 * (or, for a secret, did not), and only what the user sent back is written.
 */
function configFor(plan: RegistryInstallPlan, request: RegistryInstallRequest, stored: McpServerConfig | null): McpServerConfig {
  const valueOf = (kind: string, name: string): string | undefined =>
    request.values.find((value) => value.kind === kind && value.name === name)?.value;
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  let args = plan.launch.type === 'command' ? [...plan.launch.args] : [];
  for (const input of plan.inputs) {
    const value = valueOf(input.kind, input.name) ?? '';
    if (value === '' && input.required)
      throw new ContractError('invalid-payload', `${input.name} is required by ${plan.server}; fill it in.`);
    if (input.kind === 'argument') {
      const bad = metacharacterIn(value);
      if (bad !== null)
        throw new ContractError(
          'invalid-payload',
          `The value of ${input.name} contains the shell metacharacter ${bad}; nothing was installed.`,
        );
      args = args.flatMap((word) => (word === `<${input.name}>` ? (value === '' ? [] : [value]) : [word]));
    } else if (value !== '') (input.kind === 'env' ? env : headers)[input.name] = value;
  }
  const common = { enabled: true, approval: stored?.approval ?? 'ask', registry: { server: plan.server, version: plan.version } } as const;
  if (plan.launch.type === 'url')
    return {
      url: plan.launch.url,
      ...(plan.launch.sse ? { type: 'sse' as const } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...common,
    };
  const written = { ...env, ...plan.launch.env };
  const sandbox = plan.launch.sandbox;
  return {
    command: plan.launch.command,
    args,
    ...(Object.keys(written).length > 0 ? { env: written } : {}),
    ...(sandbox !== null ? { sandbox: { write: [...sandbox.write], network: sandbox.network } } : {}),
    ...common,
  };
}
