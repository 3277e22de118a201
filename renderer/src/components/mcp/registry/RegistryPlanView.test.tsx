import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegistryInstallPlan } from '../../../../../shared/mcp/mcp-registry';
import { RegistryPlanView } from './RegistryPlanView';

const plan = (launch: RegistryInstallPlan['launch']): RegistryInstallPlan => ({
  server: 'io.github.acme/container',
  version: '1.0.0',
  packageIdentifier: 'ghcr.io/acme/mcp:1.0.0',
  packageVersion: '1.0.0',
  transport: 'oci',
  launch,
  inputs: [],
  localName: 'container',
  notes: [],
});

describe('what the install dialog says about the sandbox', () => {
  it('a Docker image is not sandboxed by TACO, and never said to write nothing outside a private /tmp', () => {
    render(
      <RegistryPlanView
        plan={plan({ type: 'command', command: 'docker', args: ['run', '-i', '--rm', 'x:1'], env: {}, sandbox: null })}
        changes={null}
      />,
    );
    const words = screen.getByTestId('mcp-registry-sandbox').textContent ?? '';
    expect(words).toContain("Not sandboxed by TACO: Docker's daemon starts the container");
    expect(words).not.toMatch(/private \/tmp|may write only/);
    expect(screen.queryByTestId('mcp-registry-cache')).toBeNull();
  });

  it('an npm server writes only its own cache folder, which is named with its variable', () => {
    render(
      <RegistryPlanView
        plan={plan({
          type: 'command',
          command: 'npx',
          args: ['-y', 'x@1.0.0'],
          env: { npm_config_cache: '/home/ada/.cache/taco-mcp-servers/x/npm' },
          sandbox: { write: ['/home/ada/.cache/taco-mcp-servers/x'], network: ['api.example.com', 'registry.npmjs.org'] },
        })}
        changes={null}
      />,
    );
    expect(screen.getByTestId('mcp-registry-sandbox').textContent).toMatch(
      /^Sandbox: it may write only \/home\/ada\/\.cache\/taco-mcp-servers\/x \(and a private \/tmp\)/,
    );
    expect(screen.getByTestId('mcp-registry-cache').textContent).toBe(
      'Set by TACO (its own package cache): npm_config_cache=/home/ada/.cache/taco-mcp-servers/x/npm.',
    );
    // Each host it may reach is on the card, and nothing says "the network" as a whole.
    expect(screen.getByTestId('mcp-registry-sandbox').textContent).toContain(
      "network: only api.example.com, registry.npmjs.org, through TACO's proxy",
    );
  });
});
