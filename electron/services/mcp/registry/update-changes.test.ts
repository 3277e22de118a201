import { describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import type { RegistryInstallPlan } from '../../../../shared/mcp/mcp-registry';
import { describeUpdate } from './update-changes';

const installed = {
  command: 'npx',
  args: ['-y', 'files-mcp@1.0.0', '/home/ada/notes'],
  url: null,
  envKeys: ['FILES_TOKEN', 'npm_config_cache'],
  headerKeys: [],
  sandbox: { write: [], network: [] },
} as unknown as McpServerView;

const plan = (args: string[], env: string[], network: string[] = []): RegistryInstallPlan => ({
  server: 'io.github.ada/files',
  version: '1.1.0',
  packageIdentifier: 'files-mcp',
  packageVersion: '1.1.0',
  transport: 'npm',
  launch: { type: 'command', command: 'npx', args, env: { npm_config_cache: '/caches/files/npm' }, sandbox: { write: [], network } },
  inputs: env.map((name) => ({ name, kind: 'env', description: '', required: false, secret: false, defaultValue: null, choices: [] })),
  localName: 'files',
  notes: [],
});

describe('what an update changes in the declared command', () => {
  it('names the new pin, a new variable and one no longer declared; a value the user gave is not a change', () => {
    expect(describeUpdate(installed, plan(['-y', 'files-mcp@1.0.0', '<root>'], ['FILES_TOKEN']))).toEqual([]);
    expect(describeUpdate(installed, plan(['-y', 'files-mcp@1.1.0', '<root>'], ['FILES_MODE']))).toEqual([
      'arguments: -y files-mcp@1.0.0 /home/ada/notes → -y files-mcp@1.1.0 <root>',
      'new environment variable FILES_MODE',
      'environment variable FILES_TOKEN no longer declared',
    ]);
  });

  it('names the hosts its sandbox may reach when they change, the old list (or any public host) beside the new', () => {
    expect(describeUpdate(installed, plan(['-y', 'files-mcp@1.0.0', '<root>'], ['FILES_TOKEN'], ['registry.npmjs.org']))).toEqual([
      'network: none → registry.npmjs.org',
    ]);
    const anyHost = { ...installed, sandbox: { write: [], network: true } } as McpServerView;
    expect(describeUpdate(anyHost, plan(['-y', 'files-mcp@1.0.0', '<root>'], ['FILES_TOKEN'], ['registry.npmjs.org']))).toEqual([
      'network: any public host → registry.npmjs.org',
    ]);
    const same = { ...installed, sandbox: { write: [], network: ['registry.npmjs.org'] } } as McpServerView;
    expect(describeUpdate(same, plan(['-y', 'files-mcp@1.0.0', '<root>'], ['FILES_TOKEN'], ['registry.npmjs.org']))).toEqual([]);
  });
});
