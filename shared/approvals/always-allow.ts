/**
 * "Always allow this tool" for an MCP tool: kept per server and tool with the hash of the tool's
 * definition (description, input schema, annotations: `electron/services/mcp/tools/tool-pinning.ts`) the
 * user was shown when they chose it, at the server's location (`electron/services/mcp/config/server-location.ts`).
 * It covers any arguments of that tool, and only while the definition and the server's URL or command
 * are still those: a changed tool, or a server moved elsewhere, asks again.
 */
export type AlwaysAllowGrants = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The call's tool as the grant needs it; null for a tool that cannot be always allowed (built in). */
export interface AlwaysAllowSubject {
  server: string;
  tool: string;
  definitionHash: string;
}

/** One granted tool, as Settings lists it. */
export interface AlwaysAllowedTool {
  server: string;
  tool: string;
}

/** Whether a grant covers this call's tool: same server, same tool, same definition (own entries only). */
export function alwaysAllowCovers(grants: AlwaysAllowGrants, subject: AlwaysAllowSubject | null): boolean {
  if (subject === null || !Object.hasOwn(grants, subject.server)) return false;
  const tools = grants[subject.server];
  if (tools === undefined || !Object.hasOwn(tools, subject.tool)) return false;
  return tools[subject.tool] === subject.definitionHash;
}

/** The grants listed for Settings, by server then tool. */
export function listAlwaysAllowed(grants: AlwaysAllowGrants): AlwaysAllowedTool[] {
  const out: AlwaysAllowedTool[] = [];
  for (const server of Object.keys(grants).sort()) for (const tool of Object.keys(grants[server] ?? {}).sort()) out.push({ server, tool });
  return out;
}
