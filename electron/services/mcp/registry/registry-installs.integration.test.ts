import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RegistryInstallPlan, RegistryInstallRequest } from '../../../../shared/mcp/mcp-registry';
import { startFakeRegistry } from '../../../../test-support/fake-mcp-registry/fake-registry';
import {
  allFixtures,
  EVERYTHING_NAME,
  EVERYTHING_VERSION,
  everythingEntry,
} from '../../../../test-support/fake-mcp-registry/registry-fixtures';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import { mcpHarnessesClosedAfterEach } from '../testing/mcp-harness';
import { createRegistryClient } from './registry-client';
import { createRegistryInstalls } from './registry-installs';

const { harness, cleanups } = mcpHarnessesClosedAfterEach();

async function setup() {
  const fake = await startFakeRegistry({ entries: allFixtures() });
  cleanups.defer(() => fake.close());
  const h = harness({});
  const cacheRoot = mkdtempSync(path.join(tmpdir(), 'taco-server-caches-'));
  cleanups.defer(() => rmSync(cacheRoot, { recursive: true, force: true }));
  const installs = createRegistryInstalls({
    client: createRegistryClient({ baseUrl: () => fake.url, network: () => createNetworkPolicy({ allowPrivate: true }) }),
    mcp: h.service,
    dockerFound: async () => false,
    cacheRoot,
  });
  const mcpJson = () => JSON.parse(readFileSync(path.join(h.dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  return { fake, h, installs, mcpJson, cacheRoot };
}

function requestFor(plan: RegistryInstallPlan, patch: Partial<RegistryInstallRequest> = {}): RegistryInstallRequest {
  return {
    server: plan.server,
    version: plan.version,
    localName: plan.localName,
    expected: {
      packageIdentifier: plan.packageIdentifier,
      command: plan.launch.type === 'command' ? plan.launch.command : null,
      args: plan.launch.type === 'command' ? plan.launch.args : [],
      url: plan.launch.type === 'url' ? plan.launch.url : null,
      network: plan.launch.type === 'command' ? (plan.launch.sandbox?.network ?? null) : null,
      inputs: plan.inputs.map((input) => ({ kind: input.kind, name: input.name, defaultValue: input.defaultValue })),
    },
    // What the dialog sends untouched: each field as shown (a secret field starts empty).
    values: plan.inputs.map((input) => ({ kind: input.kind, name: input.name, value: input.secret ? '' : (input.defaultValue ?? '') })),
    replace: false,
    ...patch,
  };
}

async function planOf(installs: Awaited<ReturnType<typeof setup>>['installs'], version = '1.0.0'): Promise<RegistryInstallPlan> {
  const result = await installs.plan(EVERYTHING_NAME, version);
  if (result.type !== 'plan') throw new Error(result.reason);
  return result.plan;
}

describe('installing from the MCP registry', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('writes the pinned entry to mcp.json, starts it with npx, and its tools wait for the user’s review', async () => {
    const { h, installs, mcpJson, cacheRoot } = await setup();
    const plan = await planOf(installs);
    const view = await installs.install(requestFor(plan));
    const own = path.join(cacheRoot, 'everything');
    expect(view).toMatchObject({ name: 'everything', registry: { server: EVERYTHING_NAME, version: '1.0.0' } });
    expect(mcpJson().mcpServers['everything']).toEqual({
      command: 'npx',
      args: ['-y', `@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`, 'stdio'],
      env: { npm_config_cache: path.join(own, 'npm') },
      sandbox: { write: [own], network: ['registry.npmjs.org'] },
      enabled: true,
      approval: 'ask',
      registry: { server: EVERYTHING_NAME, version: '1.0.0' },
    });
    expect(statSync(own).isDirectory()).toBe(true);
    const ready = await h.waitFor('everything', 'ready');
    const echo = ready.tools.find((tool) => tool.name === 'echo');
    expect(echo?.changes).toEqual(['new tool']);
  });

  it('refuses when the registry entry no longer builds the command the user was shown; nothing is written', async () => {
    const { fake, h, installs } = await setup();
    const plan = await planOf(installs);
    const swapped = everythingEntry('1.0.0', { identifier: '@evil/server-everything' });
    fake.publish(swapped);
    await expect(installs.install(requestFor(plan))).rejects.toThrow('no longer builds the command you were shown');
    expect(h.service.list()).toEqual([]);
  });

  it('refuses a value with a shell metacharacter for an argument, and a missing required value', async () => {
    const { installs } = await setup();
    const weather = await installs.plan('io.github.acme/weather', '1.2.0');
    if (weather.type !== 'plan') throw new Error(weather.reason);
    await expect(installs.install(requestFor(weather.plan))).rejects.toThrow('ACME_API_KEY is required by io.github.acme/weather');
    const inject = await installs.plan('io.github.evil/inject', '1.0.0');
    expect(inject).toMatchObject({ type: 'refused' });
  });

  it('refuses a typed argument value with a shell metacharacter ($, backtick, ;); nothing is written', async () => {
    const { fake, h, installs } = await setup();
    fake.publish(everythingEntry('1.0.0', { packageArguments: [{ type: 'positional', valueHint: 'mode', isRequired: true }] }));
    const plan = await planOf(installs);
    for (const [value, character] of [
      ['$(id)', '$'],
      ['`id`', '`'],
      ['stdio; id', ';'],
    ] as const) {
      const request = requestFor(plan, { values: [{ kind: 'argument', name: 'mode', value }] });
      await expect(installs.install(request)).rejects.toThrow(
        `The value of mode contains the shell metacharacter ${JSON.stringify(character)}`,
      );
    }
    expect(h.service.list()).toEqual([]);
  });

  it('never writes a default the user did not see: an empty secret field stays empty, a required one is refused', async () => {
    const { fake, h, installs, mcpJson } = await setup();
    fake.publish(
      everythingEntry('1.0.0', {
        environmentVariables: [
          { name: 'EVERYTHING_TOKEN', isSecret: true, default: 'registry-chosen-token' },
          { name: 'EVERYTHING_MODE', default: 'full' },
        ],
      }),
    );
    const plan = await planOf(installs);
    await installs.install(requestFor(plan));
    const env = (mcpJson().mcpServers['everything'] as { env: Record<string, string> }).env;
    expect(env['EVERYTHING_MODE']).toBe('full');
    expect(env).not.toHaveProperty('EVERYTHING_TOKEN');
    expect(JSON.stringify(mcpJson())).not.toContain('registry-chosen-token');
    await h.service.remove('everything');

    fake.publish(
      everythingEntry('1.0.0', { environmentVariables: [{ name: 'EVERYTHING_TOKEN', isSecret: true, isRequired: true, default: 'x' }] }),
    );
    const required = await planOf(installs);
    await expect(installs.install(requestFor(required))).rejects.toThrow('EVERYTHING_TOKEN is required');
  });

  it('refuses when a variable or a default changed since it was shown, and a hostile entry with the reason; nothing is written', async () => {
    const { fake, h, installs } = await setup();
    fake.publish(everythingEntry('1.0.0', { environmentVariables: [{ name: 'EVERYTHING_MODE', default: 'full' }] }));
    const plan = await planOf(installs);
    fake.publish(everythingEntry('1.0.0', { environmentVariables: [{ name: 'EVERYTHING_MODE', default: 'unsafe' }] }));
    await expect(installs.install(requestFor(plan))).rejects.toThrow('no longer builds the command you were shown');
    fake.publish(
      everythingEntry('1.0.0', {
        environmentVariables: [
          { name: 'EVERYTHING_MODE', default: 'full' },
          { name: 'EVERYTHING_EXTRA', default: 'x' },
        ],
      }),
    );
    await expect(installs.install(requestFor(plan))).rejects.toThrow('no longer builds the command you were shown');
    fake.publish(everythingEntry('1.0.0', { environmentVariables: [{ name: 'npm_config_registry', value: 'https://evil.example' }] }));
    await expect(installs.plan(EVERYTHING_NAME, '1.0.0')).resolves.toMatchObject({
      type: 'refused',
      reason: expect.stringContaining('it sets npm_config_registry, which steers') as unknown,
    });
    await expect(installs.install(requestFor(plan))).rejects.toThrow('it sets npm_config_registry');
    expect(h.service.list()).toEqual([]);
  });

  it('offers a newer version with what changed in its declared command, and the update keeps the name and the typed values', async () => {
    const { fake, h, installs, mcpJson } = await setup();
    const plan = await planOf(installs);
    await installs.install(requestFor(plan));
    await h.waitFor('everything', 'ready');
    expect(await installs.updates()).toEqual([]);

    fake.publish(
      everythingEntry('1.1.0', { environmentVariables: [{ name: 'EVERYTHING_MODE', description: 'How to behave', default: 'full' }] }),
    );
    const [update] = await installs.updates();
    expect(update).toMatchObject({
      localName: 'everything',
      installed: '1.0.0',
      latest: '1.1.0',
      changes: ['new environment variable EVERYTHING_MODE'],
    });
    if (!update?.plan) throw new Error('no plan for the update');
    await installs.install(requestFor(update.plan, { localName: 'everything', replace: true }));
    expect(mcpJson().mcpServers['everything']).toMatchObject({
      env: { EVERYTHING_MODE: 'full' },
      registry: { server: EVERYTHING_NAME, version: '1.1.0' },
    });
    await h.waitFor('everything', 'ready');
    expect(await installs.updates()).toEqual([]);
  });
});
