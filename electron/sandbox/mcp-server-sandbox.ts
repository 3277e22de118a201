import type { McpServerConfig } from '../../shared/mcp/mcp';
import type { SandboxNotice } from '../../shared/approvals/sandbox-notice';
import { currentPlaces } from './command-sandbox';
import { mcpServerNetwork, mcpServerPolicy, type PolicyPlaces } from './sandbox-policy';
import { openSandboxedInvocation } from './sandboxed-invocation';
import { sandboxSupport, type SandboxSupport } from './sandbox-support';
import { describeSandbox } from './sandbox-words';

/** How a stdio MCP server starts: as it is (no `sandbox` entry), inside the sandbox, or refused with the reason. */
export type ServerLaunch =
  | { type: 'plain' }
  | { type: 'sandboxed'; file: string; args: string[]; notice: SandboxNotice; close(): Promise<void> }
  | { type: 'refused'; message: string };

/**
 * A stdio server with a `sandbox` entry in mcp.json starts inside the sandbox with that policy
 * (mcpServerPolicy). Where this system has no sandbox it is not started with the user's full
 * rights behind their back: the start is refused, saying how to run it unsandboxed on purpose.
 * A server with the network gets a proxy of its own (network/domain-proxy.ts): `close` it when the
 * server's process has ended.
 */
export async function mcpServerLaunch(
  name: string,
  config: McpServerConfig,
  program: { file: string; args: readonly string[]; cwd: string },
  support: SandboxSupport = sandboxSupport(),
  places: PolicyPlaces = currentPlaces(),
): Promise<ServerLaunch> {
  const sandbox = config.sandbox;
  if (sandbox === undefined) return { type: 'plain' };
  const network = mcpServerNetwork(sandbox.network);
  if (!network.ok)
    return {
      type: 'refused',
      message: `Server "${name}" is not started: its sandbox's network list is wrong. ${network.message} Fix it in Settings → MCP servers.`,
    };
  const policy = mcpServerPolicy({ ...places, write: sandbox.write, network: network.access, cwd: program.cwd });
  const invocation = await openSandboxedInvocation(support, policy, program.file, program.args, program.cwd);
  if (!invocation.sandboxed)
    return {
      type: 'refused',
      message: `Server "${name}" is set to run in the sandbox, but this system has none (${invocation.reason}). Not started. To run it with your full rights instead, turn its sandbox off in Settings → MCP servers.`,
    };
  return {
    type: 'sandboxed',
    file: invocation.file,
    args: invocation.args,
    notice: describeSandbox(support, policy, { home: places.home }),
    close: invocation.close,
  };
}

/** What a server's `sandbox` entry means on this system, for Settings → MCP; null when it has none. */
export function mcpSandboxNotice(
  config: McpServerConfig,
  support: SandboxSupport = sandboxSupport(),
  places: PolicyPlaces = currentPlaces(),
): SandboxNotice | null {
  if (config.command === undefined) return null;
  if (runsThroughContainerEngine(config.command))
    return {
      sandboxed: false,
      text: "Not sandboxed by TACO: Docker's daemon starts the container outside TACO's sandbox, so what it can reach is Docker's own isolation.",
    };
  if (config.sandbox === undefined) return { sandboxed: false, text: 'Not sandboxed: this server runs with your full rights.' };
  const network = mcpServerNetwork(config.sandbox.network);
  if (!network.ok) return { sandboxed: false, text: `Its sandbox's network list is wrong, so it will not start: ${network.message}` };
  const policy = mcpServerPolicy({
    ...places,
    write: config.sandbox.write,
    network: network.access,
    cwd: config.cwd ?? process.cwd(),
  });
  if (support.kind === 'none')
    return { sandboxed: false, text: `Set to run in the sandbox, but this system has none (${support.reason}): it will not start.` };
  return describeSandbox(support, policy, { home: places.home });
}

/** `docker` or `podman` (a path or a Windows `.exe` too): the container is started by the engine, not by this process. */
export function runsThroughContainerEngine(command: string): boolean {
  const program = command.split(/[\\/]/).pop() ?? command;
  return /^(?:docker|podman)(?:\.exe)?$/i.test(program);
}
