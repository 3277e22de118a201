import { randomBytes } from 'node:crypto';
import type { ChatRequest, Tool } from 'ollama';

/** Each tool definition's JSON, by object: a definition is built once and never changed (offered-definitions.ts). */
const jsonOf = new WeakMap<Tool, string>();

function definitionJson(tool: Tool): string {
  let json = jsonOf.get(tool);
  if (json === undefined) {
    json = JSON.stringify(tool);
    jsonOf.set(tool, json);
  }
  return json;
}

/** Stands in for the tools while the rest is written; its random part cannot come from a model or a user. */
const TOOLS_MARKER = `taco-tools-${randomBytes(16).toString('hex')}`;
const TOOLS_NEEDLE = `"tools":${JSON.stringify(TOOLS_MARKER)}`;

/**
 * `JSON.stringify(request)`, byte for byte, with each tool definition written once per
 * definition object instead of on every step: the tools are most of a step's body (~9 of ~11 KB
 * with a dozen tools) and the same objects from one step to the next. The rest is written with
 * a marker in the tools' place (the key keeps its position), and the remembered definitions go
 * where the marker is. A key's quotes are never escaped, a string's always are, so only the
 * request's own `tools` key can be followed by the marker.
 */
export function requestJson(request: ChatRequest): string {
  const tools = request.tools;
  if (!tools || tools.length === 0) return JSON.stringify(request);
  const rest = JSON.stringify({ ...request, tools: TOOLS_MARKER });
  const at = rest.indexOf(TOOLS_NEEDLE);
  if (at === -1) return JSON.stringify(request);
  let json = '[';
  for (let index = 0; index < tools.length; index += 1) json += (index === 0 ? '' : ',') + definitionJson(tools[index] as Tool);
  return `${rest.slice(0, at)}"tools":${json}]${rest.slice(at + TOOLS_NEEDLE.length)}`;
}
