import type { McpSandboxNetwork, McpServerView } from '../../../../shared/mcp/mcp';
import type { RegistryInstallPlan } from '../../../../shared/mcp/mcp-registry';

/**
 * What an update changes in what runs, in words: the command, its arguments (the version pin
 * among them), the address, the hosts its sandbox may reach (an update writes the plan's list,
 * replacing hosts the user named), and the environment variables or headers it declares. Shown
 * before the user updates.
 */
export function describeUpdate(installed: McpServerView, next: RegistryInstallPlan): string[] {
  const changes: string[] = [];
  const launch = next.launch;
  if (launch.type === 'command') {
    if (installed.command !== launch.command)
      changes.push(`command: ${installed.command ?? installed.url ?? '(none)'} → ${launch.command}`);
    // A `<name>` word is a value the user gave at install: any value there is the same argument.
    const sameArgs =
      installed.args.length === launch.args.length &&
      launch.args.every((arg, index) => arg === installed.args[index] || /^<[A-Za-z0-9_.-]+>$/.test(arg));
    if (!sameArgs) changes.push(`arguments: ${installed.args.join(' ')} → ${launch.args.join(' ')}`);
    const before = hostsWords(installed.sandbox?.network ?? false);
    const after = hostsWords(launch.sandbox?.network ?? false);
    if (launch.sandbox !== null && before !== after) changes.push(`network: ${before} → ${after}`);
  } else if (installed.url !== launch.url) changes.push(`address: ${installed.url ?? installed.command ?? '(none)'} → ${launch.url}`);
  // The package cache variables are TACO's own (install-plan.ts), not declared by the registry.
  const own = new Set(launch.type === 'command' ? Object.keys(launch.env) : []);
  const had = new Set((launch.type === 'command' ? installed.envKeys : installed.headerKeys).filter((name) => !own.has(name)));
  const declared = next.inputs.filter((input) => input.kind === (launch.type === 'command' ? 'env' : 'header')).map((input) => input.name);
  const word = launch.type === 'command' ? 'environment variable' : 'header';
  for (const name of declared) if (!had.has(name)) changes.push(`new ${word} ${name}`);
  for (const name of had) if (!declared.includes(name)) changes.push(`${word} ${name} no longer declared`);
  return changes;
}

function hostsWords(network: McpSandboxNetwork): string {
  if (network === true) return 'any public host';
  if (network === false || network.length === 0) return 'none';
  return [...network].sort().join(', ');
}
