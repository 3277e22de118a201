import type { ToolAudience } from '../tools/tool-info';
import type { SandboxNotice } from '../approvals/sandbox-notice';
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { httpUrlSchema } from '../contract/http-url';

/**
 * MCP servers as tool sources: the shapes both sides of the contract share. The
 * configuration is the widely used `mcpServers` JSON shape plus TACO's own fields.
 */
/**
 * A sandboxed server's network in mcp.json: the hosts it may reach through the sandbox's proxy (the
 * spelling run_command's `network` takes: `pypi.org`, `*.example.com`, `127.0.0.1:8080`); `false` or
 * `[]` none; `true` (written before host lists existed) any public host.
 */
export type McpSandboxNetwork = boolean | string[];

export type McpServerStatus = 'starting' | 'ready' | 'failed' | 'stopped';
export const MCP_APPROVAL_POLICIES = ['ask', 'trusted-read', 'never-ask'] as const;
export type McpApprovalPolicy = (typeof MCP_APPROVAL_POLICIES)[number];

export interface McpToolView {
  /** The tool's name on its server, e.g. "read_file". */
  name: string;
  /** The name offered to the model: mcp__<server>__<tool> (sanitised, ≤ 64 chars). */
  qualifiedName: string;
  description: string;
  /** Annotations as the server declared them; shown, never trusted alone. */
  readOnlyHint: boolean | null;
  destructiveHint: boolean | null;
  enabled: boolean;
  /** What changed since the user reviewed this tool ("new tool", "description", "input schema", "annotations"); absent when reviewed. */
  changes?: string[];
  /** Who may call it (`_meta.ui.visibility`, shared/tools/tool-visibility.ts); absent: the model and its server's apps. */
  visibility?: ToolAudience[];
}

export interface McpServerView {
  name: string;
  transport: 'stdio' | 'http';
  enabled: boolean;
  status: McpServerStatus;
  approval: McpApprovalPolicy;
  timeoutMs: number;
  /** stdio: command + args; http: url. Env and header VALUES never leave main: only their keys. */
  command: string | null;
  args: string[];
  cwd: string | null;
  url: string | null;
  envKeys: string[];
  headerKeys: string[];
  tools: McpToolView[];
  /** Why it failed, in words that say what to do. */
  error: string | null;
  /** The last lines the server wrote to stderr (for a failed server). */
  stderrTail: string[];
  /** Installed from an MCP registry: its name there and the pinned version. */
  registry?: { server: string; version: string };
  /** stdio: its `sandbox` entry as stored (null: it runs unsandboxed); always null for HTTP. */
  sandbox: { write: string[]; network: McpSandboxNetwork } | null;
  /** stdio: what that means on this system, in main's words (null for HTTP). */
  sandboxNotice: SandboxNotice | null;
}

/** Sent instead of a stored env/header value; saving it back keeps the stored value. */
export const MCP_SECRET_MASK = '••••••';

/**
 * A server name: letters, digits, hyphens and single underscores between them. No "__" and no
 * trailing "_", so `mcp__<server>__<tool>` always splits one way: names cannot collide.
 */
export const MCP_SERVER_NAME_PATTERN = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
export const mcpServerNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DEFAULTS.mcp.maxServerNameChars)
  .regex(MCP_SERVER_NAME_PATTERN, 'must use letters, digits, "-" and single "_" only, for example "everything" or "my-files"');

const envKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name such as API_KEY');
const headerKey = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name such as Authorization');
const secretValue = z.string().max(8192);
// The URL is shown in Settings; credentials belong in "headers", whose values never leave main.
const httpUrl = httpUrlSchema({
  example: 'http://127.0.0.1:3000/mcp',
  noCredentials: 'must not carry a user name or password: put credentials in "headers" (for example Authorization)',
});

/**
 * One server's config as the user edits it: `{command, args?, env?, cwd?}` (stdio) or
 * `{url, headers?}` (Streamable HTTP, SSE fallback), plus TACO's fields. `type` is optional and
 * only tells an SSE-only URL server apart. Fields other apps add (autoApprove, ...) are ignored.
 */
export const mcpServerConfigSchema = z
  .object({
    type: z.enum(['stdio', 'http', 'streamable-http', 'sse']).optional(),
    command: z.string().trim().min(1, 'must not be empty').max(4096).optional(),
    args: z.array(z.string().max(8192)).max(200).optional(),
    env: z.record(envKey, secretValue).optional(),
    cwd: z.string().trim().min(1).max(4096).optional(),
    url: httpUrl.optional(),
    headers: z.record(headerKey, secretValue).optional(),
    /** TACO: the server starts with the app (default true; imported servers start disabled). */
    enabled: z.boolean().optional(),
    /** TACO: tools (names on the server) not offered to the model. */
    disabledTools: z.array(z.string().max(200)).max(1000).optional(),
    /** TACO: ask (default) | trusted-read (read-only-annotated tools run without asking) | never-ask. */
    approval: z.enum(MCP_APPROVAL_POLICIES).optional(),
    /**
     * TACO: run this command server inside the OS sandbox (see `electron/sandbox/`): it may write
     * only the listed folders (plus a private /tmp), and reach only the hosts `network` lists
     * (McpSandboxNetwork; main checks each entry before the server starts). Absent: the server runs
     * unsandboxed (servers added before the sandbox existed).
     */
    sandbox: z
      .object({
        write: z.array(z.string().trim().min(1).max(4096)).max(50).default([]),
        network: z.union([z.boolean(), z.array(z.string().trim().min(1).max(300)).max(DEFAULTS.sandbox.network.maxHosts)]).default(false),
      })
      .strict()
      .optional(),
    /**
     * TACO: installed from an MCP registry (Settings → MCP servers → Browse): the registry's server
     * name and the version pinned in the command, so Settings can offer its updates.
     */
    registry: z
      .object({
        server: z.string().min(3).max(200),
        version: z.string().min(1).max(255),
      })
      .strict()
      .optional(),
    /** TACO: one call gives up after this long (default DEFAULTS.mcp.callTimeoutMs). */
    timeoutMs: z
      .number()
      .int()
      .min(1000)
      .max(24 * 60 * 60_000)
      .optional(),
  })
  .superRefine((config, ctx) => {
    const hasCommand = config.command !== undefined;
    const hasUrl = config.url !== undefined;
    if (hasCommand === hasUrl) {
      ctx.addIssue({
        code: 'custom',
        path: [hasCommand ? 'url' : 'command'],
        message: hasCommand
          ? 'cannot be given with "command": a server is either a command (stdio) or a URL (HTTP)'
          : 'is required (or "url" for an HTTP server)',
      });
      return;
    }
    const misplaced: [boolean, string, string][] = [
      [hasUrl && config.args !== undefined, 'args', 'only a command server (stdio) takes "args"'],
      [hasUrl && config.env !== undefined, 'env', 'only a command server (stdio) takes "env"; an HTTP server takes "headers"'],
      [hasUrl && config.cwd !== undefined, 'cwd', 'only a command server (stdio) takes "cwd"'],
      [
        hasUrl && config.sandbox !== undefined,
        'sandbox',
        'only a command server (stdio) runs in the sandbox; an HTTP server runs elsewhere',
      ],
      [hasCommand && config.headers !== undefined, 'headers', 'only an HTTP server takes "headers"; a command server takes "env"'],
      [hasCommand && config.type !== undefined && config.type !== 'stdio', 'type', `"${config.type}" needs a "url", not a "command"`],
      [hasUrl && config.type === 'stdio', 'type', '"stdio" needs a "command", not a "url"'],
    ];
    for (const [wrong, field, message] of misplaced) if (wrong) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type McpServerConfig = z.infer<typeof mcpServerConfigSchema>;

/** The whole file (`mcp.json` in the data folder, `--mcp-config FILE`, a pasted claude_desktop_config.json). */
export const mcpConfigFileSchema = z.object({
  mcpServers: z.record(z.string(), z.unknown()),
});
