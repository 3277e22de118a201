import { DEFAULTS } from '../../../../shared/constants';
import { ContractError } from '../../../../shared/contract/contract-error';
import { MCP_SERVER_NAME_PATTERN, mcpServerConfigSchema, type McpServerConfig } from '../../../../shared/mcp/mcp';
import { describeServerProblem } from './mcp-config';

export interface ImportPlan {
  added: Map<string, McpServerConfig>;
  skipped: { name: string; reason: string }[];
}

/**
 * A pasted `{"mcpServers": {...}}` block (claude_desktop_config.json, Cursor, ...; a bare
 * `{"name": {...}}` map works too). Every server it adds starts disabled and asks before each
 * call (a pasted `"approval": "never-ask"` or `"trusted-read"` is not the user's choice): the user
 * looks at it before it runs and loosens it in Settings. Names are cleaned to letters, digits, "-" and single "_".
 */
export function planImport(json: string, existing: ReadonlySet<string>): ImportPlan {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ContractError(
      'invalid-payload',
      `mcp.import: this is not valid JSON (${error instanceof Error ? error.message : String(error)}). Paste a block like {"mcpServers": {"name": {"command": "npx", "args": [...]}}}.`,
    );
  }
  const record =
    isRecord(value) && isRecord(value.mcpServers)
      ? value.mcpServers
      : isRecord(value) && Object.values(value).every(isRecord)
        ? value
        : null;
  if (!record || Object.keys(record).length === 0)
    throw new ContractError(
      'invalid-payload',
      'mcp.import: no servers found. Paste a block like {"mcpServers": {"name": {"command": "npx", "args": [...]}}}.',
    );
  const added = new Map<string, McpServerConfig>();
  const skipped: { name: string; reason: string }[] = [];
  for (const [rawName, raw] of Object.entries(record)) {
    const name = cleanName(rawName);
    if (!name) {
      skipped.push({ name: rawName, reason: 'the name has no letters or digits to keep' });
      continue;
    }
    if (existing.has(name) || added.has(name)) {
      skipped.push({ name, reason: `a server named "${name}" already exists; remove or rename it first` });
      continue;
    }
    if (existing.size + added.size >= DEFAULTS.mcp.maxServers) {
      skipped.push({ name, reason: `at most ${DEFAULTS.mcp.maxServers} servers can be configured` });
      continue;
    }
    const config = mcpServerConfigSchema.safeParse(raw);
    if (!config.success) {
      skipped.push({ name, reason: describeServerProblem('the pasted JSON', name, config.error) });
      continue;
    }
    added.set(name, { ...config.data, enabled: false, approval: 'ask' });
  }
  return { added, skipped };
}

function cleanName(raw: string): string {
  const name = raw
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/_{2,}/g, '_')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, DEFAULTS.mcp.maxServerNameChars)
    .replace(/_+$/, '');
  return MCP_SERVER_NAME_PATTERN.test(name) ? name : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
