import { DEFAULTS } from '../../../../shared/constants';
import { MCP_APP_MIME_TYPE, type McpAppDomains } from '../../../../shared/mcp/mcp-apps';
import type { ToolAudience } from '../../../../shared/tools/tool-info';
import { declaredDomains } from './app-policy';

export type AppResourceCheck = { ok: true; html: string; domains: McpAppDomains } | { ok: false; reason: string };

/**
 * A tool's UI resource as the tool declares it (`_meta.ui.resourceUri`, or the older
 * `_meta["ui/resourceUri"]`): a `ui://` address, or null for a tool without an app.
 */
export function toolAppResourceUri(meta: unknown): string | null {
  if (typeof meta !== 'object' || meta === null) return null;
  const record = meta as Record<string, unknown>;
  const ui = record['ui'];
  const nested = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>)['resourceUri'] : undefined;
  const uri = typeof nested === 'string' ? nested : record['ui/resourceUri'];
  if (typeof uri !== 'string' || !uri.startsWith('ui://') || uri.length > 2048) return null;
  return uri;
}

/**
 * Who may call the tool, as it declares it (`_meta.ui.visibility`: "model", "app"); undefined when
 * it declares nothing (both may). Unknown entries are dropped, so a list with neither name lets
 * nobody call the tool: a declaration TACO cannot read never widens who may.
 */
export function toolVisibility(meta: unknown): ToolAudience[] | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const ui = (meta as Record<string, unknown>)['ui'];
  if (typeof ui !== 'object' || ui === null || !('visibility' in ui)) return undefined;
  const declared = (ui as Record<string, unknown>)['visibility'];
  const entries = Array.isArray(declared) ? declared : [];
  return AUDIENCES.filter((audience) => entries.includes(audience));
}

const AUDIENCES: readonly ToolAudience[] = ['model', 'app'];

/**
 * What a server answered to resources/read of an app's address, checked: exactly one content of
 * that address, the app MIME type (`text/html;profile=mcp-app`), HTML as text or base64, at most
 * `maxResourceBytes`, and its declared domains (`_meta.ui.csp`) all valid. Anything else refuses
 * the app with the reason; nothing of a refused app reaches the window.
 */
export function checkAppResource(uri: string, result: unknown): AppResourceCheck {
  const contents = typeof result === 'object' && result !== null ? (result as { contents?: unknown }).contents : undefined;
  if (!Array.isArray(contents)) return { ok: false, reason: 'the server answered without contents' };
  const matching = contents.filter(
    (part): part is Record<string, unknown> => typeof part === 'object' && part !== null && (part as { uri?: unknown }).uri === uri,
  );
  if (matching.length !== 1) return { ok: false, reason: `the server sent ${matching.length} documents for ${uri} (one is expected)` };
  const part = matching[0] as Record<string, unknown>;
  const mimeType = typeof part['mimeType'] === 'string' ? part['mimeType'].replace(/\s+/gu, '').toLowerCase() : '';
  if (mimeType !== MCP_APP_MIME_TYPE)
    return { ok: false, reason: `its type is "${String(part['mimeType'] ?? 'none')}", not ${MCP_APP_MIME_TYPE}` };
  const max = DEFAULTS.mcpApps.maxResourceBytes;
  let html: string;
  if (typeof part['text'] === 'string') {
    if (Buffer.byteLength(part['text'], 'utf8') > max) return { ok: false, reason: `it is larger than ${max / 1_000_000} MB` };
    html = part['text'];
  } else if (typeof part['blob'] === 'string') {
    if ((part['blob'].length * 3) / 4 > max) return { ok: false, reason: `it is larger than ${max / 1_000_000} MB` };
    html = Buffer.from(part['blob'], 'base64').toString('utf8');
  } else return { ok: false, reason: 'it has neither text nor a blob' };
  const meta = part['_meta'];
  const ui = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['ui'] : undefined;
  const csp = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>)['csp'] : undefined;
  const domains = declaredDomains(csp);
  if (!domains.ok) return { ok: false, reason: domains.reason };
  return { ok: true, html, domains: domains.domains };
}
