import type { McpApprovalPolicy, McpServerStatus, McpServerView } from '../../../../shared/mcp/mcp';

export const STATUS_WORDS: Record<McpServerStatus, string> = {
  starting: 'Starting',
  ready: 'Ready',
  failed: 'Failed',
  stopped: 'Stopped',
};

export const APPROVAL_WORDS: Record<McpApprovalPolicy, string> = {
  ask: 'Ask before every call',
  'trusted-read': 'Trust read-only tools',
  'never-ask': 'Never ask',
};

/** One line under the policy select: what it lets through. */
export const APPROVAL_EXPLANATIONS: Record<McpApprovalPolicy, string> = {
  ask: 'TACO asks you before each call to this server’s tools (the safe default).',
  'trusted-read':
    'Tools the server declares read-only run without asking; every other tool still asks. Only choose this for a server you trust to declare honestly.',
  'never-ask': 'Every tool of this server runs without asking, including ones that change or delete things.',
};

export const APPROVAL_POLICIES = Object.keys(APPROVAL_WORDS) as McpApprovalPolicy[];

/** "3 tools", "1 tool (1 off)". */
export function toolCountWords(server: Pick<McpServerView, 'tools'>): string {
  const total = server.tools.length;
  const off = server.tools.filter((tool) => !tool.enabled).length;
  return `${total} ${total === 1 ? 'tool' : 'tools'}${off > 0 ? ` (${off} off)` : ''}`;
}

/** What the transport is, for the list: "node server.js" or the URL. */
export function transportWords(server: Pick<McpServerView, 'transport' | 'command' | 'args' | 'url'>): string {
  if (server.transport === 'http') return `HTTP · ${server.url ?? ''}`;
  return `stdio · ${[server.command ?? '', ...server.args].join(' ')}`;
}
